// `npm run bench`: runs the benchmarks in benchmarks/ one after the other, prints figures and writes
// bench/RESULTS.md; it asserts nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { adminSection, measureAdmin } from './benchmarks/admin.ts';
import { availabilitySection, measureAvailability } from './benchmarks/availability.ts';
import { bookingSection, measureBooking } from './benchmarks/booking.ts';
import { catalogueSection, measureCatalogue } from './benchmarks/catalogue.ts';
import { firstLoadSection, measureFirstLoad } from './benchmarks/first-load.ts';
import { lighthouseSection, measureFreshStart } from './benchmarks/lighthouse.ts';
import { measureTeamAvailability, teamAvailabilitySection } from './benchmarks/team-availability.ts';
import { lighthousePort, root } from './lib/settings.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const catalogue = await measureCatalogue(dataDir);
const booking = await measureBooking(dataDir);
const admin = await measureAdmin(dataDir);
const availability = await measureAvailability();
const teamAvailability = await measureTeamAvailability();
const firstLoad = await measureFirstLoad(dataDir);
console.log('Lighthouse: /, /services, /services/1, mobile and desktop');
const pages = await measureFreshStart(lighthousePort);
rmSync(dataDir, { recursive: true, force: true });

const heading = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, by \`npm run bench\`.`;
const report = `${[
  heading,
  catalogueSection(catalogue),
  bookingSection(booking),
  availabilitySection(availability),
  teamAvailabilitySection(teamAvailability),
  adminSection(admin),
  lighthouseSection(pages),
  firstLoadSection(firstLoad),
].join('\n\n')}\n`;
writeFileSync(join(root, 'bench/RESULTS.md'), report);
console.log(report);
