// Configuration of the Prisma CLI (generate, and `migrate deploy` where the schema engine can be
// downloaded). The project applies migrations with its own runner (api/src/db/migrate.ts).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/directory' },
});
