// The one schema of the product, by area in src/server/db/schema/. Migrations in drizzle/ are generated from
// it (`npm run db:generate`, drizzle.config.ts reads this file) and committed; they run on every start.
export * from './schema/directory';
export * from './schema/reviews';
export * from './schema/accounts';
export * from './schema/operations';
