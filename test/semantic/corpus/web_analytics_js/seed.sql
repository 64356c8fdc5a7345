CREATE TABLE events (id INTEGER, session_id VARCHAR, event_type VARCHAR, ts TIMESTAMP);
INSERT INTO events VALUES (1, 's1', 'page_view', '2024-05-01 10:00'), (2, 's1', 'click', '2024-05-01 10:01'), (3, 's2', 'page_view', '2024-05-01 11:00'), (4, 's3', 'page_view', '2024-05-02 09:00'), (5, 's3', 'page_view', '2024-05-02 09:05');
