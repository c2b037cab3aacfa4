/** The study pages the server renders with their public data (shared/api/server-render.ts). */
import { readData, type ServerRenderedPage } from '../../shared/api/server-render';
import { studiesPaths } from '../../shared/api/paths/studies';
import { identifierKind } from './api/study-identifier';
import { studyKeys } from './api/keys';
import { makeStudy } from './test-fixtures';

/** /study/{slug or id}: the study and its composed page (none composed yet: the default layout). */
export const studyPage: ServerRenderedPage = {
  pattern: '/study/:studyIdentifier',
  fixed: { '/study/1-tecoteco': { studyIdentifier: '1-tecoteco' } },
  sample: '/study/1-tecoteco',
  sampleData() {
    const study = makeStudy({ slug: '1-tecoteco' });
    return [
      [studyKeys.detail('1-tecoteco'), study],
      [studyKeys.page(study.id, 'published'), null],
    ];
  },
  async load({ studyIdentifier: identifier }, get) {
    if (!identifier) return null;
    const study = await readData(
      get,
      identifierKind(identifier) === 'id' ? studiesPaths.byId(identifier) : studiesPaths.bySlug(identifier),
    );
    const id = (study?.data as { id?: unknown } | undefined)?.id;
    if (!study || typeof id !== 'string') return null;
    // No page composed yet (404): the detail page shows its default layout (study-content-api.ts).
    const page = await get(studiesPaths.page(id));
    if (page.status !== 200 && page.status !== 404) return null;
    return [
      [studyKeys.detail(identifier), study.data],
      [studyKeys.page(id, 'published'), page.status === 200 ? page.data : null],
    ];
  },
};
