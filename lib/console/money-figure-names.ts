// The dashboard's money figures by name (lib/console/money-figures.ts defines each): apart, so the
// request schemas can name them without importing a service.
export const MONEY_FIGURES = ["paid", "released", "refunded", "taken", "returned", "held"] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];
