CREATE SCHEMA IF NOT EXISTS public;
CREATE TABLE public.tenant (id VARCHAR, name VARCHAR);
INSERT INTO public.tenant VALUES ('t1', 'Initech'), ('t2', 'Hooli');
CREATE TABLE public.application (id VARCHAR, tenant_id VARCHAR, last_refreshed_on TIMESTAMP);
INSERT INTO public.application VALUES ('a1', 't1', '2024-05-01'), ('a2', 't1', '2024-07-01'), ('a3', 't2', '2024-01-15');
