-- AlterEnum
ALTER TYPE "EmailLinkPurpose" ADD VALUE 'sign_in';
