CREATE TABLE cal_calendar (date_key TIMESTAMP, start_of_week TIMESTAMP);
INSERT INTO cal_calendar VALUES ('2025-03-03', '2025-03-02'), ('2025-03-08', '2025-03-02'), ('2025-03-09', '2025-03-09');
CREATE TABLE cal_sales (id INTEGER, day TIMESTAMP, amount INTEGER);
INSERT INTO cal_sales VALUES (1, '2025-03-03', 10), (2, '2025-03-08', 20), (3, '2025-03-09', 5);
