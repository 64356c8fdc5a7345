CREATE SCHEMA analytics;
CREATE TABLE analytics.daily_cases (country VARCHAR, day DATE, new_cases INTEGER);
INSERT INTO analytics.daily_cases VALUES ('FR', '2020-03-01', 10), ('FR', '2020-03-02', 15), ('IT', '2020-03-01', 30);
