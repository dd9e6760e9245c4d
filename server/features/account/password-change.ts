import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/** Ends every session of the user but the one given (the device that changed the password). */
export async function endOtherSessions(db: Database, userId: number, keptSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keptSessionId)));
}
