"""Users, their verified addresses, profile (display name, time zone) and preferences."""
