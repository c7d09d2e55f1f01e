// What a chart says to assistive technology, which cannot see it: every datum in words.
import { type Datum, formatNumber } from "./values";

export const describeSeries = (caption: string, data: Datum[]) => `${caption}: ${data.map((datum) => `${datum.id} ${formatNumber(datum.value)}`).join(", ")}`;

/** Long labels are cut to fit beside a bar; the whole label is in the bar's tooltip. */
export const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
