import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 exports Algorithm as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

// OWASP's argon2id baseline (m = 19 MiB, t = 2, p = 1): about 9 ms a hash here.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check so response times do not reveal unknown e-mails. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('littleloop-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
