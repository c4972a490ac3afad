import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/decisions/010-import-boundaries.md) bite:
 * snippets linted as if they were files of the repository get the errors the rules promise.
 */
const root = path.resolve(import.meta.dirname, '..');

type Graph = Record<string, string[]>;
type Config = {
  findCycle: (graph: Graph) => string[] | null;
  checkGraph: (name: string, dir: string, graph: Graph) => void;
  webFeatures: Graph;
  serverFeatures: Graph;
};

let eslint: ESLint;
let config: Config;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // A path in a variable: the config is JavaScript, read here as it is, without types.
  const configUrl = pathToFileURL(path.join(root, 'eslint.config.js')).href;
  config = (await import(configUrl)) as Config;
});

/** The messages of the rules that hold boundaries, for `code` linted as the file `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) =>
      /no-restricted-paths|no-cycle|no-restricted-imports/.test(message.ruleId ?? ''),
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web import boundaries', () => {
  it('keeps features out of web/components and web/lib', async () => {
    const errors = await boundaryErrors(
      'web/components/boundary-probe.tsx',
      "import { useCurrentUser } from '../features/auth';\nexport const probe = useCurrentUser;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/no-restricted-paths: .*imports no feature/)]);
    expect(
      await boundaryErrors(
        'web/lib/boundary-probe.ts',
        "import { Header } from '../layout/header';\nexport const probe = Header;\n",
      ),
    ).toEqual([expect.stringMatching(/no-restricted-paths: .*app shell/)]);
  });

  it('lets a feature use another only if declared, and only through its public entry', async () => {
    const file = 'web/features/pages/boundary-probe.tsx';
    expect(
      await boundaryErrors(
        file,
        "import { PropertyCard } from '../properties';\nexport const probe = PropertyCard;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        file,
        "import { PropertyCard } from '../properties/property-card';\nexport const probe = PropertyCard;\n",
      ),
    ).toEqual([expect.stringMatching(/only through its public entry \('\.\.\/properties'\)/)]);
    expect(
      await boundaryErrors(
        'web/features/videos/boundary-probe.tsx',
        "import { usePendingCount } from '../admin/api';\nexport const probe = usePendingCount;\n",
      ),
    ).toEqual([expect.stringMatching(/videos may not use admin/)]);
  });

  it('keeps a feature off its own public entry', async () => {
    expect(
      await boundaryErrors(
        'web/features/properties/boundary-probe.ts',
        "import { PropertyCard } from '.';\nexport const probe = PropertyCard;\n",
      ),
    ).toEqual([expect.stringMatching(/import the sibling file itself/)]);
  });

  it('finds a cycle of files', async () => {
    // auth/api.ts imports code-sent.ts: code-sent importing api back closes a cycle.
    const errors = await boundaryErrors(
      'web/features/auth/code-sent.ts',
      "import { currentUserKey } from './api';\nexport const probe = currentUserKey;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/no-cycle/)]);
  });
});

describe('server import boundaries', () => {
  it('lets a feature use only the declared features, through their service', async () => {
    expect(
      await boundaryErrors(
        'server/features/seo/boundary-probe.ts',
        "import { videoRoutes } from '../videos/routes';\nexport const probe = videoRoutes;\n",
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/seo may not use videos/),
        expect.stringMatching(/no-restricted-imports: .*service module/),
      ]),
    );
  });

  it('keeps features out of server/lib and server/db', async () => {
    for (const file of ['server/lib/boundary-probe.ts', 'server/db/boundary-probe.ts']) {
      expect(
        await boundaryErrors(
          file,
          "import { isLive } from '../features/listings/service';\nexport const probe = isLive;\n",
        ),
      ).toEqual([expect.stringMatching(/no-restricted-imports: .*use no feature/)]);
    }
  });

  it('lets the composition use a feature only through its entry, plugin.ts', async () => {
    for (const file of ['server/app.ts', 'server/start.ts', 'server/features/index.ts']) {
      const features = file === 'server/features/index.ts' ? '.' : './features';
      const probe = (module: string) =>
        boundaryErrors(
          file,
          `import * as probe from '${features}/favorites/${module}';\nexport { probe };\n`,
        );
      expect(await probe('routes')).toEqual([
        expect.stringMatching(/no-restricted-paths: .*only through its entry/),
      ]);
      expect(await probe('plugin')).toEqual([]);
    }
  });
});

describe('the declared feature graphs', () => {
  it('have no cycle, and a cycle would be found', () => {
    expect(config.findCycle(config.webFeatures)).toBeNull();
    expect(config.findCycle(config.serverFeatures)).toBeNull();
    expect(
      config.findCycle({ admin: ['properties'], properties: ['videos'], videos: ['admin'] }),
    ).toEqual(['admin', 'properties', 'videos', 'admin']);
  });
});

describe('the feature graphs', () => {
  it('take a feature folder they do not name as using no other feature', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-graph-'));
    try {
      for (const feature of ['named', 'new-feature']) {
        fs.mkdirSync(path.join(dir, feature));
        fs.writeFileSync(path.join(dir, feature, 'plugin.ts'), 'export {};\n');
      }
      const graph: Graph = { named: [] };
      config.checkGraph('probe', path.relative(root, dir), graph);
      expect(graph).toEqual({ named: [], 'new-feature': [] });
      expect(() =>
        config.checkGraph('probe', path.relative(root, dir), { named: ['missing'] }),
      ).toThrow(/probe.named names missing/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
