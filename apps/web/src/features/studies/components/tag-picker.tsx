/**
 * Review tags from the contract's fixed set, grouped by category: at most five in all and two
 * per category (reviewTagIssues). A tag that would break a limit is disabled, and the reason
 * is said next to the group.
 */
import { REVIEW_LIMITS, REVIEW_TAG_CATEGORIES, REVIEW_TAG_CATEGORY_LABELS, REVIEW_TAGS, type ReviewTag } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { useLocale } from '../lib/use-locale';

const TAG_KEYS = Object.keys(REVIEW_TAGS) as ReviewTag[];

export function tagBlocked(selected: readonly ReviewTag[], tag: ReviewTag): 'total' | 'category' | null {
  if (selected.includes(tag)) return null;
  if (selected.length >= REVIEW_LIMITS.tagsMax) return 'total';
  const cat = REVIEW_TAGS[tag].category;
  if (selected.filter((s) => REVIEW_TAGS[s].category === cat).length >= REVIEW_LIMITS.tagsPerCategoryMax) return 'category';
  return null;
}

export function TagPicker({ value, onChange }: { value: ReviewTag[]; onChange: (tags: ReviewTag[]) => void }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const full = value.length >= REVIEW_LIMITS.tagsMax;
  return (
    <fieldset className="field st-tagpicker">
      <legend className="field__label">{t('review.tags')}</legend>
      <p className="field__hint" aria-live="polite">
        {t('review.tagsHint', { count: value.length, max: REVIEW_LIMITS.tagsMax, perCategory: REVIEW_LIMITS.tagsPerCategoryMax })}
      </p>
      {REVIEW_TAG_CATEGORIES.map((cat) => {
        const inCat = TAG_KEYS.filter((k) => REVIEW_TAGS[k].category === cat);
        const chosen = value.filter((v) => REVIEW_TAGS[v].category === cat).length;
        const catFull = chosen >= REVIEW_LIMITS.tagsPerCategoryMax;
        return (
          <div key={cat} className="st-tagpicker__group" role="group" aria-labelledby={`tagcat-${cat}`}>
            <p id={`tagcat-${cat}`} className="st-tagpicker__cat">
              {REVIEW_TAG_CATEGORY_LABELS[cat][locale]}
              <span className="muted"> {t('review.perCategory', { count: chosen, max: REVIEW_LIMITS.tagsPerCategoryMax })}</span>
              {catFull && !full && <span className="st-tagpicker__note">{t('review.categoryFull')}</span>}
            </p>
            <div className="st-radios">
              {inCat.map((tag) => {
                const blocked = tagBlocked(value, tag);
                return (
                  <label key={tag} className={`st-chip ${blocked ? 'is-disabled' : ''}`}>
                    <input
                      type="checkbox"
                      checked={value.includes(tag)}
                      disabled={!!blocked}
                      onChange={() => onChange(value.includes(tag) ? value.filter((v) => v !== tag) : [...value, tag])}
                    />
                    <span>{REVIEW_TAGS[tag][locale]}</span>
                  </label>
                );
              })}
            </div>
          </div>
        );
      })}
      {full && (
        <p className="st-tagpicker__note" role="status">
          {t('review.tagsFull', { max: REVIEW_LIMITS.tagsMax })}
        </p>
      )}
    </fieldset>
  );
}
