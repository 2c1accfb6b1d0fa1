-- Every write to bookings takes a number from `bookings_version`, so each server process can tell that its cached
-- held times (availability) may be stale (docs/decisions/106). A sequence, not a row: it never waits for another
-- transaction, so concurrent bookings are not serialized on it. It moves before the write commits, so a cache
-- built in between is also rebuilt by age (at most a second old).
CREATE SEQUENCE bookings_version;
--> statement-breakpoint
CREATE FUNCTION bump_bookings_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('bookings_version');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_version_bump
  AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bookings_version();
