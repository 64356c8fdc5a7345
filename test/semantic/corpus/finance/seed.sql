CREATE TABLE transactions (id INTEGER, account VARCHAR, amount INTEGER, booked_at TIMESTAMP);
INSERT INTO transactions VALUES (1, 'sales', 100, '2023-02-10'), (2, 'sales', 50, '2023-05-01'), (3, 'sales', 200, '2024-02-01'), (4, 'refunds', -30, '2024-06-15');
