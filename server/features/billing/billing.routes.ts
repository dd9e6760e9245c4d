import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  BILLING_NOT_CONFIGURED,
  billingRedirectSchema,
  billingStatusSchema,
} from '../../../common/schemas/billing.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import type { StripeApi } from './billing.stripe.js';
import { verifyStripeEvent } from './billing.stripe.js';
import {
  applyStripeEvent,
  billingStatus,
  openPortal,
  startCheckout,
  type BillingContext,
} from './billing.service.js';

type BillingOptions = Omit<BillingContext, 'db' | 'stripe' | 'settings' | 'publicUrl'> & {
  stripe: StripeApi | undefined;
};

const guarded = { 401: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema };

/**
 * Premium by card (PRODUCT §1: $2.99 a month through a hosted checkout): Stripe Checkout, the
 * customer portal for cancelling, and Stripe's signed webhook. Without STRIPE_* configured the
 * calls answer 503 and the subscribe screen explains that card billing is not set up.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingOptions> = async (app, options) => {
  const ctx: BillingContext = {
    db: app.db,
    clock: options.clock,
    stripe: app.config.stripe ? options.stripe : undefined,
    settings: app.config.stripe,
    publicUrl: app.config.publicUrl,
    onPremiumChanged: options.onPremiumChanged,
  };

  app.get(
    '/billing',
    {
      onRequest: app.requireUser,
      schema: { tags: ['billing'], response: { 200: billingStatusSchema, 401: apiErrorSchema } },
    },
    async (request) => billingStatus(ctx, signedInUser(request)),
  );

  app.post(
    '/billing/checkout',
    {
      onRequest: app.requireUser,
      schema: { tags: ['billing'], response: { 200: billingRedirectSchema, ...guarded } },
    },
    async (request) => startCheckout(ctx, signedInUser(request)),
  );

  app.post(
    '/billing/portal',
    {
      onRequest: app.requireUser,
      schema: { tags: ['billing'], response: { 200: billingRedirectSchema, ...guarded } },
    },
    async (request) => openPortal(ctx, signedInUser(request)),
  );

  // Its own scope: the signature covers the exact bytes sent, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          description: 'Stripe webhook; the body must carry a valid Stripe-Signature.',
          response: {
            200: z.object({
              received: z.literal(true),
              outcome: z.enum(['applied', 'duplicate', 'ignored']),
            }),
            400: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const settings = app.config.stripe;
        if (!settings || !ctx.stripe) throw new AppError(503, BILLING_NOT_CONFIGURED);
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw badRequest('Missing Stripe signature');
        }
        let event;
        try {
          event = verifyStripeEvent(request.body, signature, settings.webhookSecret);
        } catch {
          throw badRequest('Invalid Stripe signature');
        }
        const outcome = await applyStripeEvent(ctx, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true as const, outcome };
      },
    );
  });
};
