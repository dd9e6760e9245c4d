/**
 * The bare floor: a minimal Fastify route with node-postgres running the newest-items
 * SQL of `GET /api/items?limit=24` (Premium first, then newest, visible to a free parent, with
 * the owner columns a card shows), with no session, validation or shaping. `npm run bench --
 * requests` loads it exactly like the app to show what the app's own work costs.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const NEWEST = `
  select i.id, i.title, i.description, i.category, i.condition, i.age_range, i.brand, i.size,
    i.exchange_type, i.price, i.image_urls, i.user_id, i.is_available, i.status, i.city, i.zip_code,
    i.grid_latitude, i.grid_longitude, i.is_priority, i.view_count, i.favorite_count, i.message_count,
    i.created_at, i.updated_at, u.first_name, u.last_name, u.profile_image_url, u.rating,
    u.total_ratings, u.is_verified, u.is_premium
  from items i join users u on u.id = i.user_id
  where i.is_available and not i.is_hidden and (not i.flagged_for_review or i.moderator_reviewed)
    and (i.early_access_until is null or i.early_access_until <= now())
  order by i.is_priority desc, i.created_at desc, i.id desc
  limit $1`;

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/floor/items', async (_request, reply) => {
  const { rows } = await pool.query({ name: 'newest', text: NEWEST, values: [25] });
  reply.header('content-type', 'application/json');
  return JSON.stringify(rows.slice(0, 24));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
