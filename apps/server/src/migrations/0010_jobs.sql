-- Jobs navigator (issue 15, docs/jobs-navigator.md): job POSTINGS (not the `jobs` queue table),
-- companies, the skills catalogue with aliases, import sources and runs with per-item reports,
-- skill profiles, bookmarks, recently viewed, saved searches with alerts, corrections.
-- Korean search columns are computed by the server (search/korean-search.ts) and indexed with
-- pg_trgm (created by 0006).

create table job_skills (
  -- skillKey(name): lower case letters, digits, + and # ("Node.js" → nodejs)
  id text primary key check (id <> ''),
  name text not null,
  category text not null default 'OTHER'
    check (category in ('LANGUAGE', 'FRONTEND', 'BACKEND', 'MOBILE', 'DATA', 'AI', 'DEVOPS', 'DATABASE', 'TOOL', 'OTHER')),
  aliases text[] not null default '{}',
  created_at timestamptz not null default now()
);

create table job_skill_aliases (
  alias text primary key,
  skill_id text not null references job_skills(id) on delete cascade
);

create table job_companies (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  -- normalised name (NFKC, lower case, no spaces, no (주)/주식회사): one company per key
  name_key text not null unique,
  name_en text,
  careers_url text,
  logo_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table job_import_sources (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  format text not null check (format in ('JSON', 'RSS')),
  url text not null,
  company_name text,
  encoding text not null default 'auto' check (encoding in ('auto', 'utf-8', 'euc-kr')),
  enabled boolean not null default false,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table job_postings (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references job_companies(id),
  title text not null,
  description text not null default '',
  requirements text not null default '',
  preferred text not null default '',
  employment_type text not null check (employment_type in ('FULL_TIME', 'CONTRACT', 'INTERN', 'PART_TIME')),
  experience_level text not null check (experience_level in ('ENTRY', 'JUNIOR', 'MID', 'SENIOR', 'LEAD', 'ANY')),
  experience_min integer not null default 0 check (experience_min >= 0),
  experience_max integer check (experience_max is null or experience_max >= experience_min),
  location text not null default '',
  region text check (region in ('SEOUL', 'GYEONGGI', 'INCHEON', 'BUSAN', 'DAEGU', 'DAEJEON', 'GWANGJU', 'ULSAN',
    'SEJONG', 'GANGWON', 'CHUNGBUK', 'CHUNGNAM', 'JEONBUK', 'JEONNAM', 'GYEONGBUK', 'GYEONGNAM', 'JEJU', 'OVERSEAS')),
  work_mode text not null check (work_mode in ('ONSITE', 'HYBRID', 'REMOTE')),
  salary_min bigint check (salary_min is null or salary_min >= 0),
  salary_max bigint check (salary_max is null or salary_max >= 0),
  -- canonical skill ids (job_skills.id); preferred never repeats a required one
  required_skills text[] not null default '{}',
  preferred_skills text[] not null default '{}',
  -- every filterable value as one token (skill ids, exp:ENTRY, mode:REMOTE, type:FULL_TIME,
  -- region:SEOUL, company:<id>, sal:4 = can pay ≥ 40M KRW): one GIN index answers any mix of filters
  facet_tokens text[] not null default '{}',
  posted_at timestamptz not null default now(),
  valid_through timestamptz,
  source_url text not null unique,
  source_id uuid references job_import_sources(id) on delete set null,
  active boolean not null default true,
  closed_reason text check (closed_reason in ('EXPIRED', 'CLOSED')),
  -- sha-256 of the normalised content: an import with the same hash is "unchanged"
  content_hash text not null,
  search_text text not null,
  search_jamo text not null,
  search_choseong text not null,
  -- the title alone, for ranking (a match in the title outranks one in the skills or the company)
  title_jamo text not null default '',
  title_choseong text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (salary_min is null or salary_max is null or salary_min <= salary_max),
  check (active or closed_reason is not null)
);
create index job_postings_search_jamo_trgm on job_postings using gin (search_jamo gin_trgm_ops);
create index job_postings_search_choseong_trgm on job_postings using gin (search_choseong gin_trgm_ops);
create index job_postings_facet_tokens on job_postings using gin (facet_tokens);
create index job_postings_posted on job_postings (posted_at desc, id) where active;
create index job_postings_valid_through on job_postings (valid_through) where active;
create index job_postings_company on job_postings (company_id);
create index job_postings_created on job_postings (created_at);

create table job_import_runs (
  id uuid primary key default gen_random_uuid(),
  source_id uuid references job_import_sources(id) on delete set null,
  source_name text,
  format text not null check (format in ('JSON', 'CSV', 'RSS')),
  origin text not null,
  status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
  -- an uploaded file waiting for its job (cleared when the run finishes)
  content text,
  created integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  rejected integer not null default 0,
  error text,
  requested_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index job_import_runs_created on job_import_runs (created_at desc);
create index job_import_runs_source on job_import_runs (source_id, created_at desc);

create table job_import_run_items (
  run_id uuid not null references job_import_runs(id) on delete cascade,
  position integer not null,
  outcome text not null check (outcome in ('CREATED', 'UPDATED', 'UNCHANGED', 'REJECTED')),
  source_url text,
  title text,
  posting_id uuid references job_postings(id) on delete set null,
  reason text,
  primary key (run_id, position)
);

create table job_skill_profiles (
  user_id uuid primary key references users(id) on delete cascade,
  -- [{"skillId": "java", "level": 3}, …]
  skills jsonb not null default '[]',
  years_experience integer not null check (years_experience between 0 and 40),
  preferred_regions text[] not null default '{}',
  preferred_work_modes text[] not null default '{}',
  preferred_employment_types text[] not null default '{}',
  updated_at timestamptz not null default now()
);

create table job_bookmarks (
  user_id uuid not null references users(id) on delete cascade,
  posting_id uuid not null references job_postings(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, posting_id)
);

create table job_recent_views (
  user_id uuid not null references users(id) on delete cascade,
  posting_id uuid not null references job_postings(id) on delete cascade,
  viewed_at timestamptz not null default now(),
  primary key (user_id, posting_id)
);
create index job_recent_views_user on job_recent_views (user_id, viewed_at desc);

create table job_saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  filters jsonb not null default '{}',
  alert_enabled boolean not null default true,
  -- postings created after this instant are "new" for the next alert
  alert_cursor timestamptz not null default now(),
  next_alert_at timestamptz not null default now(),
  last_alerted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_saved_searches_user on job_saved_searches (user_id, created_at);
create index job_saved_searches_due on job_saved_searches (next_alert_at) where alert_enabled;

create table job_corrections (
  id uuid primary key default gen_random_uuid(),
  posting_id uuid references job_postings(id) on delete set null,
  reporter_id uuid references users(id) on delete set null,
  kind text not null check (kind in ('DATA_ERROR', 'POSTING_CLOSED', 'ADD_COMPANY', 'OTHER')),
  message text not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'IN_REVIEW', 'RESOLVED', 'REJECTED')),
  admin_note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_corrections_status on job_corrections (status, created_at desc);
create index job_corrections_reporter on job_corrections (reporter_id, created_at desc);

-- The skills catalogue (reference data; imports add unknown skills as OTHER).
insert into job_skills (id, name, category, aliases) values
  ('javascript', 'JavaScript', 'LANGUAGE', array['JS', 'ES6', '자바스크립트']::text[]),
  ('typescript', 'TypeScript', 'LANGUAGE', array['TS', '타입스크립트']::text[]),
  ('java', 'Java', 'LANGUAGE', array['자바']::text[]),
  ('kotlin', 'Kotlin', 'LANGUAGE', array['코틀린']::text[]),
  ('python', 'Python', 'LANGUAGE', array['파이썬', 'py']::text[]),
  ('go', 'Go', 'LANGUAGE', array['Golang', '고랭']::text[]),
  ('rust', 'Rust', 'LANGUAGE', array['러스트']::text[]),
  ('c++', 'C++', 'LANGUAGE', array['cpp']::text[]),
  ('c#', 'C#', 'LANGUAGE', array['csharp']::text[]),
  ('c', 'C', 'LANGUAGE', array[]::text[]),
  ('swift', 'Swift', 'LANGUAGE', array['스위프트']::text[]),
  ('dart', 'Dart', 'LANGUAGE', array[]::text[]),
  ('ruby', 'Ruby', 'LANGUAGE', array['루비']::text[]),
  ('php', 'PHP', 'LANGUAGE', array[]::text[]),
  ('scala', 'Scala', 'LANGUAGE', array['스칼라']::text[]),
  ('elixir', 'Elixir', 'LANGUAGE', array[]::text[]),
  ('sql', 'SQL', 'LANGUAGE', array[]::text[]),
  ('react', 'React', 'FRONTEND', array['React.js', 'ReactJS', '리액트']::text[]),
  ('vuejs', 'Vue.js', 'FRONTEND', array['Vue', 'VueJS', '뷰']::text[]),
  ('angular', 'Angular', 'FRONTEND', array['앵귤러']::text[]),
  ('nextjs', 'Next.js', 'FRONTEND', array['Next', 'NextJS', '넥스트']::text[]),
  ('svelte', 'Svelte', 'FRONTEND', array[]::text[]),
  ('html', 'HTML', 'FRONTEND', array['HTML5']::text[]),
  ('css', 'CSS', 'FRONTEND', array['CSS3']::text[]),
  ('tailwindcss', 'Tailwind CSS', 'FRONTEND', array['Tailwind']::text[]),
  ('redux', 'Redux', 'FRONTEND', array[]::text[]),
  ('tanstackquery', 'TanStack Query', 'FRONTEND', array['React Query']::text[]),
  ('webpack', 'Webpack', 'FRONTEND', array['웹팩']::text[]),
  ('vite', 'Vite', 'FRONTEND', array[]::text[]),
  ('springboot', 'Spring Boot', 'BACKEND', array['Spring', 'Spring Framework', '스프링', '스프링부트']::text[]),
  ('nodejs', 'Node.js', 'BACKEND', array['Node', 'NodeJS', '노드']::text[]),
  ('nestjs', 'NestJS', 'BACKEND', array['Nest']::text[]),
  ('express', 'Express', 'BACKEND', array['Express.js']::text[]),
  ('django', 'Django', 'BACKEND', array['장고']::text[]),
  ('fastapi', 'FastAPI', 'BACKEND', array[]::text[]),
  ('flask', 'Flask', 'BACKEND', array[]::text[]),
  ('rubyonrails', 'Ruby on Rails', 'BACKEND', array['Rails', 'RoR']::text[]),
  ('jpa', 'JPA', 'BACKEND', array['Hibernate']::text[]),
  ('grpc', 'gRPC', 'BACKEND', array[]::text[]),
  ('graphql', 'GraphQL', 'BACKEND', array['gql']::text[]),
  ('kafka', 'Kafka', 'BACKEND', array['Apache Kafka', '카프카']::text[]),
  ('rabbitmq', 'RabbitMQ', 'BACKEND', array[]::text[]),
  ('msa', 'MSA', 'BACKEND', array['Microservices', '마이크로서비스']::text[]),
  ('restapi', 'REST API', 'BACKEND', array['REST', 'RESTful']::text[]),
  ('android', 'Android', 'MOBILE', array['안드로이드']::text[]),
  ('ios', 'iOS', 'MOBILE', array['아이오에스']::text[]),
  ('flutter', 'Flutter', 'MOBILE', array['플러터']::text[]),
  ('reactnative', 'React Native', 'MOBILE', array['RN']::text[]),
  ('swiftui', 'SwiftUI', 'MOBILE', array[]::text[]),
  ('jetpackcompose', 'Jetpack Compose', 'MOBILE', array['Compose']::text[]),
  ('mysql', 'MySQL', 'DATABASE', array[]::text[]),
  ('postgresql', 'PostgreSQL', 'DATABASE', array['Postgres', 'PG']::text[]),
  ('oracle', 'Oracle', 'DATABASE', array['Oracle DB']::text[]),
  ('mongodb', 'MongoDB', 'DATABASE', array['Mongo', '몽고디비']::text[]),
  ('redis', 'Redis', 'DATABASE', array['레디스']::text[]),
  ('elasticsearch', 'Elasticsearch', 'DATABASE', array['ES', '엘라스틱서치', 'OpenSearch']::text[]),
  ('dynamodb', 'DynamoDB', 'DATABASE', array[]::text[]),
  ('mariadb', 'MariaDB', 'DATABASE', array[]::text[]),
  ('spark', 'Spark', 'DATA', array['Apache Spark', '스파크']::text[]),
  ('hadoop', 'Hadoop', 'DATA', array['하둡']::text[]),
  ('airflow', 'Airflow', 'DATA', array['Apache Airflow']::text[]),
  ('bigquery', 'BigQuery', 'DATA', array['빅쿼리']::text[]),
  ('tableau', 'Tableau', 'DATA', array['태블로']::text[]),
  ('pandas', 'Pandas', 'DATA', array['판다스']::text[]),
  ('dbt', 'dbt', 'DATA', array[]::text[]),
  ('flink', 'Flink', 'DATA', array['Apache Flink']::text[]),
  ('pytorch', 'PyTorch', 'AI', array['파이토치']::text[]),
  ('tensorflow', 'TensorFlow', 'AI', array['텐서플로']::text[]),
  ('llm', 'LLM', 'AI', array['대규모 언어 모델', '거대언어모델']::text[]),
  ('machinelearning', 'Machine Learning', 'AI', array['ML', '머신러닝']::text[]),
  ('deeplearning', 'Deep Learning', 'AI', array['DL', '딥러닝']::text[]),
  ('nlp', 'NLP', 'AI', array['자연어 처리']::text[]),
  ('computervision', 'Computer Vision', 'AI', array['CV', '컴퓨터 비전']::text[]),
  ('langchain', 'LangChain', 'AI', array['랭체인']::text[]),
  ('aws', 'AWS', 'DEVOPS', array['Amazon Web Services', '아마존웹서비스']::text[]),
  ('gcp', 'GCP', 'DEVOPS', array['Google Cloud', 'Google Cloud Platform']::text[]),
  ('azure', 'Azure', 'DEVOPS', array['Microsoft Azure']::text[]),
  ('docker', 'Docker', 'DEVOPS', array['도커']::text[]),
  ('kubernetes', 'Kubernetes', 'DEVOPS', array['k8s', '쿠버네티스']::text[]),
  ('terraform', 'Terraform', 'DEVOPS', array['테라폼']::text[]),
  ('jenkins', 'Jenkins', 'DEVOPS', array['젠킨스']::text[]),
  ('githubactions', 'GitHub Actions', 'DEVOPS', array[]::text[]),
  ('linux', 'Linux', 'DEVOPS', array['리눅스']::text[]),
  ('nginx', 'Nginx', 'DEVOPS', array['엔진엑스']::text[]),
  ('prometheus', 'Prometheus', 'DEVOPS', array['프로메테우스']::text[]),
  ('grafana', 'Grafana', 'DEVOPS', array['그라파나']::text[]),
  ('argocd', 'Argo CD', 'DEVOPS', array['ArgoCD']::text[]),
  ('cicd', 'CI/CD', 'DEVOPS', array['CICD']::text[]),
  ('git', 'Git', 'TOOL', array['깃']::text[]),
  ('jira', 'Jira', 'TOOL', array['지라']::text[]),
  ('figma', 'Figma', 'TOOL', array['피그마']::text[]),
  ('storybook', 'Storybook', 'TOOL', array[]::text[]),
  ('jest', 'Jest', 'TOOL', array[]::text[]),
  ('junit', 'JUnit', 'TOOL', array[]::text[]),
  ('cypress', 'Cypress', 'TOOL', array[]::text[]),
  ('tdd', 'TDD', 'OTHER', array['테스트 주도 개발']::text[]),
  ('agile', 'Agile', 'OTHER', array['애자일', 'Scrum', '스크럼']::text[]),
  ('ddd', 'DDD', 'OTHER', array['도메인 주도 설계']::text[]);

insert into job_skill_aliases (alias, skill_id) values
  ('js', 'javascript'),
  ('es6', 'javascript'),
  ('자바스크립트', 'javascript'),
  ('ts', 'typescript'),
  ('타입스크립트', 'typescript'),
  ('자바', 'java'),
  ('코틀린', 'kotlin'),
  ('파이썬', 'python'),
  ('py', 'python'),
  ('golang', 'go'),
  ('고랭', 'go'),
  ('러스트', 'rust'),
  ('cpp', 'c++'),
  ('csharp', 'c#'),
  ('스위프트', 'swift'),
  ('루비', 'ruby'),
  ('스칼라', 'scala'),
  ('reactjs', 'react'),
  ('리액트', 'react'),
  ('vue', 'vuejs'),
  ('뷰', 'vuejs'),
  ('앵귤러', 'angular'),
  ('next', 'nextjs'),
  ('넥스트', 'nextjs'),
  ('html5', 'html'),
  ('css3', 'css'),
  ('tailwind', 'tailwindcss'),
  ('reactquery', 'tanstackquery'),
  ('웹팩', 'webpack'),
  ('spring', 'springboot'),
  ('springframework', 'springboot'),
  ('스프링', 'springboot'),
  ('스프링부트', 'springboot'),
  ('node', 'nodejs'),
  ('노드', 'nodejs'),
  ('nest', 'nestjs'),
  ('expressjs', 'express'),
  ('장고', 'django'),
  ('rails', 'rubyonrails'),
  ('ror', 'rubyonrails'),
  ('hibernate', 'jpa'),
  ('gql', 'graphql'),
  ('apachekafka', 'kafka'),
  ('카프카', 'kafka'),
  ('microservices', 'msa'),
  ('마이크로서비스', 'msa'),
  ('rest', 'restapi'),
  ('restful', 'restapi'),
  ('안드로이드', 'android'),
  ('아이오에스', 'ios'),
  ('플러터', 'flutter'),
  ('rn', 'reactnative'),
  ('compose', 'jetpackcompose'),
  ('postgres', 'postgresql'),
  ('pg', 'postgresql'),
  ('oracledb', 'oracle'),
  ('mongo', 'mongodb'),
  ('몽고디비', 'mongodb'),
  ('레디스', 'redis'),
  ('es', 'elasticsearch'),
  ('엘라스틱서치', 'elasticsearch'),
  ('opensearch', 'elasticsearch'),
  ('apachespark', 'spark'),
  ('스파크', 'spark'),
  ('하둡', 'hadoop'),
  ('apacheairflow', 'airflow'),
  ('빅쿼리', 'bigquery'),
  ('태블로', 'tableau'),
  ('판다스', 'pandas'),
  ('apacheflink', 'flink'),
  ('파이토치', 'pytorch'),
  ('텐서플로', 'tensorflow'),
  ('대규모언어모델', 'llm'),
  ('거대언어모델', 'llm'),
  ('ml', 'machinelearning'),
  ('머신러닝', 'machinelearning'),
  ('dl', 'deeplearning'),
  ('딥러닝', 'deeplearning'),
  ('자연어처리', 'nlp'),
  ('cv', 'computervision'),
  ('컴퓨터비전', 'computervision'),
  ('랭체인', 'langchain'),
  ('amazonwebservices', 'aws'),
  ('아마존웹서비스', 'aws'),
  ('googlecloud', 'gcp'),
  ('googlecloudplatform', 'gcp'),
  ('microsoftazure', 'azure'),
  ('도커', 'docker'),
  ('k8s', 'kubernetes'),
  ('쿠버네티스', 'kubernetes'),
  ('테라폼', 'terraform'),
  ('젠킨스', 'jenkins'),
  ('리눅스', 'linux'),
  ('엔진엑스', 'nginx'),
  ('프로메테우스', 'prometheus'),
  ('그라파나', 'grafana'),
  ('깃', 'git'),
  ('지라', 'jira'),
  ('피그마', 'figma'),
  ('테스트주도개발', 'tdd'),
  ('애자일', 'agile'),
  ('scrum', 'agile'),
  ('스크럼', 'agile'),
  ('도메인주도설계', 'ddd');
