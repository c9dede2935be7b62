// Fails when one message id has two translations in one language (issue 24). The areas' catalogues
// are merged into one table as a screen loads them, so the last area loaded would win: the top bar's
// "Admin" read "Verwaltung" until an admin screen's catalogue replaced it. Texts that mean different
// things take a Lingui `context` (a different id); texts that mean the same take the same words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', 'src', 'web', 'locales');
const problems: string[] = [];
for (const locale of readdirSync(root)) {
  const seen = new Map<string, { area: string; translation: string }>();
  for (const file of readdirSync(join(root, locale)).sort()) {
    const entries = JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as Record<
      string,
      { message?: string; translation?: string }
    >;
    for (const [id, entry] of Object.entries(entries)) {
      const translation = entry.translation ?? '';
      const first = seen.get(id);
      if (!first) seen.set(id, { area: file, translation });
      else if (first.translation !== translation) {
        problems.push(`${locale}: "${entry.message}" is "${first.translation}" in ${first.area} but "${translation}" in ${file}`);
      }
    }
  }
}
if (problems.length) {
  console.error(`A message has two translations in one language (give one a context, or use the same words):\n${problems.join('\n')}`);
  process.exit(1);
}
