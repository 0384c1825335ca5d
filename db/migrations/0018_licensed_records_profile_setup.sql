CREATE TABLE `annual_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`signature` text NOT NULL,
	`signed_on` text NOT NULL,
	`signed_at` integer NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL,
	`countersigned_at` integer,
	`countersigned_by_id` text,
	`countersigned_by_name` text,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `annual_reviews_child_idx` ON `annual_reviews` (`child_id`,`signed_at`);--> statement-breakpoint
CREATE TABLE `centre_profile` (
	`id` integer PRIMARY KEY NOT NULL,
	`profile` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `child_health` (
	`child_id` text PRIMARY KEY NOT NULL,
	`medical_exam_date` text,
	`examiner` text,
	`immunizations` text,
	`care_plan_required` integer DEFAULT false NOT NULL,
	`care_plan_summary` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_by_name` text,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `health_files` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_url` text NOT NULL,
	`uploaded_by_kind` text NOT NULL,
	`uploaded_by_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `health_files_file_url_unique` ON `health_files` (`file_url`);--> statement-breakpoint
CREATE INDEX `health_files_child_idx` ON `health_files` (`child_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `incident_amendments` (
	`id` text PRIMARY KEY NOT NULL,
	`incident_id` text NOT NULL,
	`text` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident_reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incident_amendments_incident_idx` ON `incident_amendments` (`incident_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `incident_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text,
	`child_name` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`location` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`first_aid` text NOT NULL,
	`who_was_told` text,
	`told_at` integer,
	`witnesses` text DEFAULT '[]' NOT NULL,
	`serious` integer DEFAULT false NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_signature` text,
	`acknowledged_by_id` text,
	`handed_over_at` integer,
	`handed_over_to` text,
	`handed_over_by_name` text,
	`licensing_notified_at` integer,
	`licensing_method` text,
	`licensing_reference` text,
	`licensing_recorded_by_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`acknowledged_by_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incident_reports_occurred_idx` ON `incident_reports` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `incident_reports_child_idx` ON `incident_reports` (`child_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `medication_authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`medication_name` text NOT NULL,
	`reason` text NOT NULL,
	`dose` text NOT NULL,
	`route` text NOT NULL,
	`times` text DEFAULT '[]' NOT NULL,
	`as_needed` text,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`refrigerate` integer DEFAULT false NOT NULL,
	`prescription` integer DEFAULT false NOT NULL,
	`physician_needed` integer DEFAULT false NOT NULL,
	`physician_reasons` text DEFAULT '[]' NOT NULL,
	`signature` text NOT NULL,
	`signed_on` text NOT NULL,
	`entered_by_kind` text NOT NULL,
	`entered_by_id` text NOT NULL,
	`entered_by_name` text NOT NULL,
	`document_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`return_reason` text,
	`reviewed_by_id` text,
	`reviewed_by_name` text,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `private_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `medication_authorizations_child_idx` ON `medication_authorizations` (`child_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `medication_authorizations_status_idx` ON `medication_authorizations` (`status`,`end_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `medication_authorizations_document_uq` ON `medication_authorizations` (`document_id`);--> statement-breakpoint
CREATE TABLE `medication_doses` (
	`id` text PRIMARY KEY NOT NULL,
	`authorization_id` text NOT NULL,
	`child_id` text NOT NULL,
	`given_at` integer NOT NULL,
	`date` text NOT NULL,
	`slot_time` text,
	`dose` text NOT NULL,
	`notes` text,
	`author_id` text,
	`author_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`authorization_id`) REFERENCES `medication_authorizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medication_doses_slot_uq` ON `medication_doses` (`authorization_id`,`date`,`slot_time`);--> statement-breakpoint
CREATE INDEX `medication_doses_child_day_idx` ON `medication_doses` (`child_id`,`date`);--> statement-breakpoint
CREATE INDEX `medication_doses_day_idx` ON `medication_doses` (`date`);--> statement-breakpoint
CREATE TABLE `setup_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `setup_links_token_hash_unique` ON `setup_links` (`token_hash`);--> statement-breakpoint
CREATE TABLE `staff_records` (
	`staff_id` text PRIMARY KEY NOT NULL,
	`background_check_date` text,
	`first_aid_expires` text,
	`cpr_expires` text,
	`communicable_disease_expires` text,
	`child_abuse_expires` text,
	`training_hours` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
