// The money axis of the price charts (Pricing Analytics, the competitive set's price position): ticks in
// thousands, $7.5k rather than a rounded $8k (tick steps are often 2,500), and the width they need.
export const axisMoney = (v: number) => (v >= 1000 ? `$${(v / 1000).toFixed(v % 1000 === 0 ? 0 : 1)}k` : `$${v}`);

/** The props of a Recharts `YAxis` in money: `<YAxis {...moneyAxis} />`. */
export const moneyAxis = { tickFormatter: axisMoney, width: 56 };
