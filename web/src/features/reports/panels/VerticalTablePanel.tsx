// A vertical table: each row of the result as name/value pairs, a column name per line (upstream
// uses it for one record, such as the details of one bucket).
import { ResultCell } from "../../../components/ResultCell";
import type { PanelConfig, Row } from "../../../types";

export function VerticalTablePanel({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  return (
    <div className="table-wrap">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity but their place in the result
        <table key={index} className="table results vertical">
          <caption className="visually-hidden">
            {panel.caption ?? "Result"}
            {rows.length > 1 ? `, row ${index + 1}` : ""}
          </caption>
          <tbody>
            {Object.entries(row).map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <ResultCell value={value} column={name} row={index + 1} />
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
