-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "provider_product_id" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "stripe_customer_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "plans_provider_product_id_key" ON "plans"("provider_product_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users"("stripe_customer_id");
