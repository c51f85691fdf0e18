-- AlterTable
ALTER TABLE "shopify_shops" ADD COLUMN     "iana_timezone" TEXT;
