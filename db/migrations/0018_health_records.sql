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
CREATE TABLE `compliance_mails` (
	`key` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
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
