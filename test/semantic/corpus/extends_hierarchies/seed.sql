CREATE TABLE ext_events (id INTEGER, kind VARCHAR, country VARCHAR, city VARCHAR);
INSERT INTO ext_events VALUES (1, 'signup', 'NO', 'Oslo'), (2, 'login', 'NO', 'Oslo'), (3, 'signup', 'SE', 'Malmo');
