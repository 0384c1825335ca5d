CREATE TABLE `compliance_mails` (
	`recipient` text NOT NULL,
	`week` text NOT NULL,
	`item_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_mails_recipient_week_idx` ON `compliance_mails` (`recipient`,`week`);--> statement-breakpoint
CREATE INDEX `incident_reports_unacknowledged_idx` ON `incident_reports` (`acknowledged_at`,`handed_over_at`);--> statement-breakpoint
CREATE INDEX `incident_reports_notice_idx` ON `incident_reports` (`licensing_notified_at`,`serious`,`kind`);