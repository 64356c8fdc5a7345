CREATE TABLE subscriptions (id INTEGER, customer_id INTEGER, plan VARCHAR, mrr INTEGER, started_at TIMESTAMP, canceled_at TIMESTAMP);
INSERT INTO subscriptions VALUES (1, 10, 'pro', 100, '2024-01-01', NULL), (2, 11, 'basic', 20, '2024-01-15', '2024-03-01'), (3, 12, 'pro', 100, '2024-02-01', NULL), (4, 10, 'addon', 10, '2024-02-01', NULL);
CREATE TABLE activity (user_id INTEGER, ts TIMESTAMP);
INSERT INTO activity VALUES (1, '2024-03-01 08:00'), (2, '2024-03-01 09:00'), (1, '2024-03-02 10:00');
