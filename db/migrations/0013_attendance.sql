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
CREATE TABLE `classroom_staff` (
	`classroom_id` text NOT NULL,
	`staff_id` text NOT NULL,
	FOREIGN KEY (`classroom_id`) REFERENCES `classrooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `classroom_staff_uq` ON `classroom_staff` (`classroom_id`,`staff_id`);--> statement-breakpoint
CREATE INDEX `classroom_staff_staff_idx` ON `classroom_staff` (`staff_id`);--> statement-breakpoint
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
CREATE INDEX `staff_attendance_staff_idx` ON `staff_attendance` (`staff_id`,`at`);