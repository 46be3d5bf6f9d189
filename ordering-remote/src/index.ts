// Standalone entry (dev only): the remote runs as its own host for its team.
import('./bootstrap');
