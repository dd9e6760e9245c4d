import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  currentUserSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
} from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mail.js';
import { sendVerificationEmail } from '../account/verification.service.js';
import { notFound } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import { updateUser } from '../users/users.service.js';
import { presentCurrentUser } from '../users/users.present.js';
import { logIn, registerUser } from './auth.service.js';
import { reliabilityOfOne } from '../giveaway/giveaway.service.js';
import { learnTimeZone } from '../reach/reach.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const messageSchema = z.object({ message: z.string() });

/** PRODUCT §7 account calls: register, sign in, sign out, the current user and profile update. */
export const authRoutes: FastifyPluginAsyncZod<{ clock: Clock; mailer: Mailer }> = async (
  app,
  { clock, mailer },
) => {
  app.post(
    '/register',
    { schema: { tags: ['auth'], body: registerSchema, response: { 201: currentUserSchema, ...errors } } },
    async (request, reply) => {
      const user = await registerUser(
        { db: app.db, clock, address: request.ip, limits: app.config.rateLimits },
        request.body,
      );
      await request.session.regenerate();
      request.session.userId = user.id;
      if (request.body.timeZone) await learnTimeZone({ db: app.db, clock }, user.id, request.body.timeZone);
      // The verification link goes out at sign-up (decision 008); a mail failure must not undo the
      // account (the parent can send another from settings).
      await sendVerificationEmail({ db: app.db, clock, mailer, publicUrl: app.config.publicUrl }, user).catch(
        (error: unknown) => request.log.warn({ err: error }, 'could not send the verification e-mail'),
      );
      return reply.code(201).send(presentCurrentUser(user, await reliabilityOfOne(app.db, user.id)));
    },
  );

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: currentUserSchema, ...errors } } },
    async (request) => {
      const user = await logIn(
        { db: app.db, clock, address: request.ip, limits: app.config.rateLimits },
        request.body,
      );
      // A fresh session id at sign-in: an id planted before sign-in is worth nothing after it.
      await request.session.regenerate();
      request.session.userId = user.id;
      if (request.body.timeZone) await learnTimeZone({ db: app.db, clock }, user.id, request.body.timeZone);
      return presentCurrentUser(user, await reliabilityOfOne(app.db, user.id));
    },
  );

  // PRODUCT §2: GET /api/login is where the client sends someone who must sign in again.
  app.get('/login', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/auth'));

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: messageSchema } } },
    async (request, reply) => {
      await request.session.destroy();
      reply.clearCookie('littleloop.sid', { path: '/' });
      return { message: 'Signed out' };
    },
  );

  for (const path of ['/user', '/auth/user']) {
    app.get(
      path,
      {
        onRequest: app.requireUser,
        schema: { tags: ['auth'], response: { 200: currentUserSchema, 401: apiErrorSchema } },
      },
      async (request) => {
        const user = signedInUser(request);
        return presentCurrentUser(user, await reliabilityOfOne(app.db, user.id));
      },
    );
  }

  app.put(
    '/auth/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        body: updateProfileSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const updated = await updateUser(app.db, signedInUser(request).id, request.body, clock.now());
      if (!updated) throw notFound('User');
      return presentCurrentUser(updated, await reliabilityOfOne(app.db, updated.id));
    },
  );
};
