DROP INDEX `audit_log_record_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_actor_entity_idx` ON `audit_log` (`actor_id`,`entity`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_id_idx` ON `audit_log` (`entity_id`,`at`);