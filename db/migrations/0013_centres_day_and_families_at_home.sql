CREATE TABLE `attendance_corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`from_at` integer NOT NULL,
	`to_at` integer NOT NULL,
	`corrected_by_id` text,
	`corrected_by_name` text NOT NULL,
	`corrected_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `attendance_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corrected_by_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attendance_corrections_event_idx` ON `attendance_corrections` (`event_id`,`corrected_at`);--> statement-breakpoint
CREATE TABLE `attendance_events` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`by` text NOT NULL,
	`override` integer DEFAULT false NOT NULL,
	`override_reason` text,
	`recorded_by_id` text,
	`recorded_by_name` text NOT NULL,
	`corrected_at` integer,
	`corrected_by_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attendance_events_at_idx` ON `attendance_events` (`at`);--> statement-breakpoint
CREATE INDEX `attendance_events_child_idx` ON `attendance_events` (`child_id`,`at`);--> statement-breakpoint
CREATE TABLE `authorized_pickups` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`name` text NOT NULL,
	`relationship` text NOT NULL,
	`phone` text NOT NULL,
	`added_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `authorized_pickups_child_idx` ON `authorized_pickups` (`child_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `child_photo_tags` (
	`photo_id` text NOT NULL,
	`child_id` text NOT NULL,
	`taken_at` integer NOT NULL,
	`date` text NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `child_photos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `child_photo_tags_uq` ON `child_photo_tags` (`photo_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `child_photo_tags_child_idx` ON `child_photo_tags` (`child_id`,`taken_at`,`photo_id`);--> statement-breakpoint
CREATE INDEX `child_photo_tags_child_day_idx` ON `child_photo_tags` (`child_id`,`date`,`taken_at`);--> statement-breakpoint
CREATE TABLE `child_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`caption` text,
	`taken_at` integer NOT NULL,
	`date` text NOT NULL,
	`author_id` text,
	`author_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `child_photos_stored_name_unique` ON `child_photos` (`stored_name`);--> statement-breakpoint
CREATE INDEX `child_photos_date_idx` ON `child_photos` (`date`,`taken_at`);--> statement-breakpoint
CREATE TABLE `classroom_staff` (
	`classroom_id` text NOT NULL,
	`staff_id` text NOT NULL,
	FOREIGN KEY (`classroom_id`) REFERENCES `classrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `classroom_staff_uq` ON `classroom_staff` (`classroom_id`,`staff_id`);--> statement-breakpoint
CREATE INDEX `classroom_staff_staff_idx` ON `classroom_staff` (`staff_id`);--> statement-breakpoint
CREATE TABLE `daily_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`date` text NOT NULL,
	`details` text NOT NULL,
	`author_id` text,
	`author_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `daily_entries_child_day_idx` ON `daily_entries` (`child_id`,`date`,`at`);--> statement-breakpoint
CREATE TABLE `daily_summaries` (
	`child_id` text NOT NULL,
	`date` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_summaries_child_day_uq` ON `daily_summaries` (`child_id`,`date`);--> statement-breakpoint
CREATE TABLE `message_digests` (
	`parent_id` text NOT NULL,
	`day` text NOT NULL,
	`message_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_digests_parent_day_idx` ON `message_digests` (`parent_id`,`day`);--> statement-breakpoint
CREATE TABLE `staff_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`staff_name` text NOT NULL,
	`classroom_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`classroom_id`) REFERENCES `classrooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_attendance_at_idx` ON `staff_attendance` (`at`);--> statement-breakpoint
CREATE INDEX `staff_attendance_staff_idx` ON `staff_attendance` (`staff_id`,`at`);--> statement-breakpoint
DROP INDEX `audit_log_record_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_actor_entity_idx` ON `audit_log` (`actor_id`,`entity`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_id_idx` ON `audit_log` (`entity_id`,`at`);--> statement-breakpoint
ALTER TABLE `communication_messages` ADD `emailed_at` integer;--> statement-breakpoint
ALTER TABLE `enrollment_applications` ADD `language` text DEFAULT 'en' NOT NULL;