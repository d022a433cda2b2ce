/** The header row of an admin table: one column head per key, its text `<keyPrefix>.<key>`. */
import { useAdminFrame } from '../frame/frame-context';

export function ColumnHeads({ keyPrefix, columns }: { keyPrefix: string; columns: readonly string[] }) {
  const { t } = useAdminFrame();
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {t(`${keyPrefix}.${c}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
