-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "awaits_counting" BOOLEAN NOT NULL DEFAULT false;
