// `npm start`: build what is not built, then run the server in this process (it migrates
// the database at start-up and handles SIGTERM/SIGINT itself).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
