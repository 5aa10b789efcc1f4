// The demo catalog seeded by `npm run dev` (and by tests). Merchants replace it with their own.
// Prices are in fils: 1 IQD = 1,000 fils.
export const DEMO_PRODUCTS = [
  { sku: "COFFEE", name: "Cardamom coffee", nameArabic: "قهوة بالهيل", priceFils: 2_500_000n },
  { sku: "TEA", name: "Iraqi tea", nameArabic: "شاي عراقي", priceFils: 1_000_000n },
  { sku: "KLEICHA", name: "Kleicha (box of 6)", nameArabic: "كليجة (علبة ٦)", priceFils: 6_000_000n },
  { sku: "DATES", name: "Barhi dates, 1 kg", nameArabic: "تمر برحي ١ كغ", priceFils: 12_000_000n },
  { sku: "MUG", name: "Souvenir mug", nameArabic: "كوب تذكاري", priceFils: 15_000_000n },
] as const;
