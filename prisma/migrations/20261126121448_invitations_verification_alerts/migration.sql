-- AlterTable
ALTER TABLE "email_links" ADD COLUMN     "team_member_id" UUID;

-- AlterTable
ALTER TABLE "team_members" ADD COLUMN     "invited_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_alerts_off" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "pending_email" TEXT;

-- CreateIndex
CREATE INDEX "email_links_team_member_id_idx" ON "email_links"("team_member_id");

-- AddForeignKey
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_team_member_id_fkey" FOREIGN KEY ("team_member_id") REFERENCES "team_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
