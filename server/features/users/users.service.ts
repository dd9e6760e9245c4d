/**
 * The users feature's account rows as other features read and change them: sign-up, sign-in,
 * profile and settings changes, billing. They go through here, never through users.repo.ts,
 * so the rows have one owner (updateUser stamps updatedAt on every change).
 */
export { findUserByEmail, findUserById, insertUser, updateUser } from './users.repo.js';
