-- Issue 12 item 6: a study title may have 255 characters, and the calendar events made from it
-- carry it (regular sessions: the title; the recruitment deadline: "<title> 모집 마감"), but
-- study_events.title was limited to 120: approving a study whose title had 115 characters or more
-- failed with a 500. Generated titles are kept whole (no truncation), so the column's limit is
-- raised above the longest one (255 + 6); user-written event titles stay limited to 100 by the
-- contract (studyEventBody).
alter table study_events drop constraint if exists study_events_title_check;
alter table study_events add constraint study_events_title_check check (char_length(title) between 1 and 300);
