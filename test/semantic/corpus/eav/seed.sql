CREATE TABLE eav_users (id INTEGER, name VARCHAR);
INSERT INTO eav_users VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
CREATE TABLE eav_attributes (user_id INTEGER, attribute VARCHAR, value VARCHAR);
INSERT INTO eav_attributes VALUES (1, 'plan', 'pro'), (1, 'country', 'FR'), (2, 'plan', 'free'), (3, 'country', 'DE');
