CREATE TABLE sn_dates (date TIMESTAMP);
INSERT INTO sn_dates VALUES ('2024-01-01'), ('2024-01-02'), ('2024-01-03');
CREATE TABLE sn_status_changes (order_id INTEGER, status VARCHAR, changed_at TIMESTAMP, next_change_at TIMESTAMP);
INSERT INTO sn_status_changes VALUES (1, 'new', '2024-01-01', '2024-01-02'), (1, 'shipped', '2024-01-02', NULL), (2, 'new', '2024-01-02', NULL);
