-- Issue 13 item 16: study cover images. The leader (or an admin) uploads a picture; it is kept
-- as the source until the job queue turns it into 16:9 webp images (1280×720 and 640×360), as
-- profile pictures are (user_images). cover_image is the URL of the processed 1280 image (null:
-- none, the web draws a generated cover), cover_image_version grows with every upload or
-- removal (versioned URLs are cached as immutable), cover_image_status says where it stands.
alter table studies add column cover_image text;
alter table studies add column cover_image_status text not null default 'NONE'
  check (cover_image_status in ('NONE', 'PENDING', 'READY', 'FAILED'));
alter table studies add column cover_image_version integer not null default 0 check (cover_image_version >= 0);

create table study_cover_images (
  study_id uuid not null references studies(id) on delete cascade,
  variant text not null check (variant in ('source', '1280', '640')),
  version integer not null check (version > 0),
  content_type text not null,
  bytes bytea not null,
  byte_size integer not null,
  etag text not null,
  created_at timestamptz not null default now(),
  primary key (study_id, variant)
);
