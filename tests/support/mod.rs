#![allow(dead_code)]

pub mod brute;
pub mod fixtures;
pub mod naive;
pub mod tables;
