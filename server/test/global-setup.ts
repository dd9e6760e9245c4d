import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, wrapNodePg, wrapPglite } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated empty embedded database, dumped once; each test file starts from a copy. */
    pgliteDumpPath: string;
    /** With DATABASE_URL: a migrated template database each test file clones. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database for the whole run: PGlite dumped to a file (0.3 s a test file
 * instead of 1.8 s), and with DATABASE_URL a PostgreSQL template database as well.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'littleloop-test-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const embedded = wrapPglite(client);
  await embedded.migrate();
  const dump = await client.dumpDataDir('none');
  const dumpPath = join(workDir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteDumpPath', dumpPath);

  const databaseUrl = process.env.DATABASE_URL;
  let template: string | null = null;
  if (databaseUrl) {
    template = `littleloop_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const templateUrl = new URL(databaseUrl);
    templateUrl.pathname = `/${template}`;
    const handle = wrapNodePg(new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }));
    await handle.migrate();
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (databaseUrl && template) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
