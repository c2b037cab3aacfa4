/**
 * The skills catalogue (ids, names, categories, aliases) held in memory for naming skills in
 * responses and resolving "JS" → javascript, and the company directory (one company per
 * normalised name). Unknown skills met by an importer join the catalogue as OTHER.
 * The names of a skill in both languages come from the contract's synonym table
 * (job-synonyms.ts), merged over the catalogue's own aliases when it loads: the search columns,
 * the `skill` filter, the profile and the importers all resolve through that one table.
 */
import {
  canonicalSkill,
  JOB_SKILL_SYNONYMS,
  skillKey,
  skillSearchNames,
  skillSynonymAliases,
  type JobSkill,
  type SkillAliases,
  type SkillRef,
} from '@moim/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobCompanies, jobSkillAliases, jobSkills, type JobCompanyRow } from './schema.ts';

export class SkillCatalogue {
  private skills = new Map<string, JobSkill>();
  private aliases = new Map<string, string>();
  private loaded: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** (Re)load from the database; concurrent callers share one load. */
  reload(): Promise<void> {
    this.loaded = (async () => {
      const [rows, aliasRows] = await Promise.all([this.db.select().from(jobSkills), this.db.select().from(jobSkillAliases)]);
      const skills = new Map<string, JobSkill>();
      const aliases = new Map<string, string>();
      for (const r of rows) {
        const names = [...r.aliases, ...(JOB_SKILL_SYNONYMS[r.id] ?? []).filter((n) => n !== r.name)];
        const display = names.filter((n, i) => names.findIndex((m) => skillKey(m) === skillKey(n)) === i);
        skills.set(r.id, { id: r.id, name: r.name, category: r.category, aliases: display });
        aliases.set(r.id, r.id);
        aliases.set(skillKey(r.name), r.id);
      }
      for (const a of aliasRows) aliases.set(a.alias, a.skillId);
      // the synonym table wins over the stored aliases (only for skills the catalogue has)
      for (const [alias, id] of skillSynonymAliases()) if (skills.has(id)) aliases.set(alias, id);
      this.skills = skills;
      this.aliases = aliases;
    })().catch((err) => {
      this.loaded = null;
      throw err;
    });
    return this.loaded;
  }

  async ready(): Promise<void> {
    await (this.loaded ?? this.reload());
  }

  /** Skill refs for ids, in order; an id unknown to this instance (added elsewhere) triggers one reload. */
  async refs(ids: readonly string[]): Promise<SkillRef[]> {
    await this.ready();
    if (ids.some((id) => !this.skills.has(id))) await this.reload();
    return ids.map((id) => this.ref(id));
  }

  /** Synchronous lookup after `ready()`; unknown ids show as themselves. */
  ref(id: string): SkillRef {
    const s = this.skills.get(id);
    return s ? { id: s.id, name: s.name, category: s.category } : { id, name: id, category: 'OTHER' };
  }

  async list(): Promise<JobSkill[]> {
    await this.ready();
    return [...this.skills.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  async aliasMap(): Promise<SkillAliases> {
    await this.ready();
    return this.aliases;
  }

  /** The canonical id of a known skill name/alias, or null. */
  async find(name: string): Promise<string | null> {
    await this.ready();
    const id = this.aliases.get(skillKey(name));
    return id ?? null;
  }

  /** Every name of a skill in both languages (its search text: "자바", "java" and "ㅈㅂ" find Java postings). */
  searchNames(id: string): string[] {
    const s = this.skills.get(id);
    return skillSearchNames(id, s ? [s.name, ...s.aliases] : []);
  }

  /**
   * Canonical ids for `names` (aliases resolved, repeats dropped, names without letters or digits
   * skipped); names not in the catalogue are added to it as OTHER inside `tx`.
   */
  async resolve(tx: DbOrTx, names: readonly string[]): Promise<string[]> {
    // Called inside a transaction: the catalogue must be loaded already (PGlite has one
    // connection, so loading through `db` here would wait for the transaction forever).
    if (!this.loaded) throw new Error('SkillCatalogue.resolve before ready()');
    await this.loaded;
    const out: string[] = [];
    const added: Array<{ id: string; name: string }> = [];
    for (const raw of names) {
      const id = canonicalSkill(raw, this.aliases);
      if (!id || out.includes(id)) continue;
      out.push(id);
      if (!this.skills.has(id)) added.push({ id, name: raw.trim().slice(0, 50) });
    }
    if (added.length > 0) {
      await tx.insert(jobSkills).values(added).onConflictDoNothing();
      // Known to this instance now (another instance learns on its next miss).
      for (const a of added) {
        if (this.skills.has(a.id)) continue;
        this.skills.set(a.id, { id: a.id, name: a.name, category: 'OTHER', aliases: [] });
        this.aliases.set(a.id, a.id);
      }
    }
    return out;
  }
}

/** One company per key: NFKC, lower case, without "(주)", "주식회사", "Inc." and punctuation. */
export function companyKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\(주\)|㈜|주식회사|\b(inc|corp|co|ltd|llc)\b\.?/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface CompanyInput {
  name: string;
  nameEn?: string | undefined;
  careersUrl?: string | undefined;
  logoUrl?: string | undefined;
}

/** The company for `input` (created when new; its English name and links filled in or updated when given). */
export async function resolveCompany(tx: DbOrTx, input: CompanyInput): Promise<JobCompanyRow> {
  const key = companyKey(input.name) || input.name.trim();
  const [existing] = await tx.select().from(jobCompanies).where(eq(jobCompanies.nameKey, key));
  if (!existing) {
    const [row] = await tx
      .insert(jobCompanies)
      .values({
        name: input.name.trim(),
        nameKey: key,
        nameEn: input.nameEn ?? null,
        careersUrl: input.careersUrl ?? null,
        logoUrl: input.logoUrl ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [raced] = await tx.select().from(jobCompanies).where(eq(jobCompanies.nameKey, key));
    return raced!;
  }
  const patch: Partial<JobCompanyRow> = {};
  if (input.nameEn && input.nameEn !== existing.nameEn) patch.nameEn = input.nameEn;
  if (input.careersUrl && input.careersUrl !== existing.careersUrl) patch.careersUrl = input.careersUrl;
  if (input.logoUrl && input.logoUrl !== existing.logoUrl) patch.logoUrl = input.logoUrl;
  if (Object.keys(patch).length === 0) return existing;
  const [row] = await tx
    .update(jobCompanies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(jobCompanies.id, existing.id))
    .returning();
  return row!;
}

export async function companiesById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, JobCompanyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(jobCompanies)
    .where(inArray(jobCompanies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
