import { z } from 'zod';
import { BATCH_SIZES, IMPORT_MODES } from '../../../services/import/import-file.ts';
import { wholeNumberParam } from '../../../../../common/api/public.ts';

const optionalInt = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number')
  .transform(Number)
  .optional();

/** Text fields of POST /api/upload-excel-batch and /api/upload-excel (multipart). */
export const UploadFields = z.object({
  batchSize: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 500 : Number(value)))
    .pipe(z.union(BATCH_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<100>, z.ZodLiteral<500>, z.ZodLiteral<1000>, z.ZodLiteral<2000>], { error: 'must be 100, 500, 1000 or 2000' })),
  mode: z.enum(IMPORT_MODES, { error: 'must be upsert, insert or update' }).default('upsert'),
  fileIndex: optionalInt,
  totalFiles: optionalInt,
});
export type UploadFields = z.infer<typeof UploadFields>;

/** A paging parameter from 1 to `max`; parseInput puts its name first ('"page" must be a whole number ...'). */
const pagingNumber = (max: number, fallback: number) => wholeNumberParam(1, max, fallback, `must be a whole number from 1 to ${max.toLocaleString('en-US')}`);

/** GET /api/admin/upload-reports */
export const UploadReportsQuery = z.object({
  page: pagingNumber(100_000, 1),
  limit: pagingNumber(100, 20),
});
