-- CreateTable
-- Where a long admin maintenance run (POST /api/admin/fix-slugs) has got to, committed with each batch it
-- changes: a run cut off by a restart or a dropped connection resumes after `after_id` instead of starting
-- over. `finished_at` NULL means the run was interrupted.
CREATE TABLE "maintenance_checkpoints" (
    "name" TEXT NOT NULL,
    "after_id" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "maintenance_checkpoints_pkey" PRIMARY KEY ("name")
);
