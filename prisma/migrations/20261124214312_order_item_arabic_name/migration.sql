-- Order lines keep the product's Arabic name as they keep its English one: what the customer ordered,
-- whatever the catalog says later. Lines written before stay NULL (the console and the mini program
-- show the English name there): the catalog's Arabic name today may not be the one of that day.
-- Adding a nullable column without a default changes no row, so it takes no time on a large table.
-- The ALTER needs a moment's exclusive lock: rather than queue behind a long transaction (and make
-- every new order wait behind it), give up after 10 s; the deploy fails and can be run again.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "name_arabic" TEXT;

