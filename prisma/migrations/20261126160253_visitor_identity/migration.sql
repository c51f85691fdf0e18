-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "visitor_external_id" TEXT,
ADD COLUMN     "visitor_name" TEXT;

-- AlterTable
ALTER TABLE "widget_integrations" ADD COLUMN     "identity_secret_sealed" TEXT;

-- AlterTable
ALTER TABLE "widget_sessions" ADD COLUMN     "visitor_email" TEXT,
ADD COLUMN     "visitor_external_id" TEXT,
ADD COLUMN     "visitor_name" TEXT;
