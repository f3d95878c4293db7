"""What each endpoint shows of a record: only what its reader page shows."""
