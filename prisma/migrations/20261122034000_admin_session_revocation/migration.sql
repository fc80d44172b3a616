-- AlterTable
ALTER TABLE "admin_users" ADD COLUMN     "sessions_revoked_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "audit_logs_action_ip_created_at_idx" ON "audit_logs"("action", "ip", "created_at");
