//! The evaluation's weights, one vector per board size (3 to 8), in hundredths of a
//! flat per unit of feature, each as it stands at the start of a game and at its end
//! (round 10 on; before it, one value for the whole game, now written twice).
//! Written by `tak tune`: do not edit by hand.
//! Made by `scripts/train.sh`: round 1 (`tak tune --init` on self-play games of the hand-set
//! weights, every size), then round 2 (`tak tune` on the games of the round-1 engine for 4x4,
//! 5x5 and 6x6, together with round 1's). The fits' numbers (held-out self-play games, and the
//! real playtak.com games as a check; log-loss and accuracy, before -> after):
//! round 1:
//! 3x3: 800 games, 1784 positions (161 held out); held-out log-loss 0.6156 -> 0.2678, accuracy 74.5% -> 93.2%
//! 4x4: 800 games, 14531 positions (1514 held out); held-out log-loss 0.6061 -> 0.4821, accuracy 67.7% -> 76.0%
//! 5x5: 565 games, 17356 positions (1934 held out); held-out log-loss 0.6375 -> 0.5910, accuracy 62.9% -> 68.7%
//! 5x5 real games (check): 8772 positions; log-loss 0.6100 -> 0.6196, accuracy 66.4% -> 64.6%
//! 6x6: 500 games, 25922 positions (2930 held out); held-out log-loss 0.7932 -> 0.6950, accuracy 56.2% -> 61.2%
//! 6x6 real games (check): 3499 positions; log-loss 0.6971 -> 0.5761, accuracy 58.9% -> 68.3%
//! 7x7: 200 games, 16277 positions (1880 held out); held-out log-loss 0.6939 -> 0.5112, accuracy 63.0% -> 73.1%
//! 8x8: 150 games, 14359 positions (1420 held out); held-out log-loss 1.0548 -> 0.5936, accuracy 55.8% -> 68.5%
//! round 2:
//! 4x4: 1179 games, 21657 positions (2303 held out); held-out log-loss 0.4729 -> 0.4610, accuracy 77.5% -> 78.3%
//! 5x5: 1365 games, 47636 positions (5366 held out); held-out log-loss 0.5495 -> 0.5085, accuracy 72.4% -> 75.4%
//! 5x5 real games (check): 8772 positions; log-loss 0.6195 -> 0.6092, accuracy 64.6% -> 65.4%
//! 6x6: 969 games, 55862 positions (6272 held out); held-out log-loss 0.6303 -> 0.6182, accuracy 66.1% -> 66.9%
//! 6x6 real games (check): 3499 positions; log-loss 0.5760 -> 0.5821, accuracy 68.2% -> 66.9%
//! (The one 7x7 real game, 37 positions, is too few to check anything.)
//! 7x7 and 8x8: their own fits (200 and 150 games a round) played badly (31% and 0 of 8 against
//! the old engine), so `tak tune --carry 6:7,8` carries the 6x6 weights over to them instead
//! (piece-square values by the nearest class, rows, columns and spans by pieces missing).
//! round 3 (6x6 komi 2 only, measured against Tiltak; `scripts/train-outside.sh` runs the same
//! steps): the engine with the new features (critical squares, stack mobility) and pruning,
//! fitted from the weights above on 1305 games: 385 self-play games at 3000 nodes a move
//! (`tak gen --seed 77`), 150 self-play games at 100 ms a move, and 770 games against Tiltak
//! (only their moves and results): 110 at equal time (100 and 300 ms) and 660 at time odds
//! (ours 20 ms against its 5 ms, ours 100 ms against its 10 ms). The command and numbers:
//! tak tune --iterations 400 --l2 0.01 selfplay-100ms-b.txt selfplay-100ms.txt selfplay-3000n.txt
//!   tiltak-100ms.txt tiltak-300ms.txt tiltak-odds-b.txt tiltak-odds.txt
//! 6x6: 1305 games, 66178 positions (7583 held out); held-out log-loss 0.5819 -> 0.4533, accuracy 64.9% -> 78.9%
//! 6x6 real games (check): 3499 positions; log-loss 0.5821 -> 0.6276, accuracy 66.9% -> 65.9%
//! (The real-games check gets worse: the fit learns what wins against Tiltak, not what wins
//! between humans. Against Tiltak at odds, 100 ms against 10 ms, same 60 openings: 22.5% before,
//! 46.7% after.)
//! round 4 (5x5 komi 0 only, measured against Tiltak): the round-3 engine, fitted from the
//! weights above on 1200 games: 300 self-play games at 3000 nodes a move (`tak gen --seed
//! 7100`), and 900 games against Tiltak (only their moves and results): 100 at equal time
//! (100 ms) and 800 at time odds (ours 100 ms against its 10 ms, seeds 6000 and 8000).
//! tak tune --iterations 400 --l2 0.01 odds-5s-a.txt odds-5s-b.txt eq-5s-100.txt
//!   selfplay-5s-3000n.txt
//! 5x5: 1200 games, 37780 positions (4898 held out); held-out log-loss 0.5987 -> 0.5157, accuracy 67.5% -> 76.8%
//! 5x5 real games (check): 8772 positions; log-loss 0.6093 -> 0.6104, accuracy 65.4% -> 66.1%
//! (Against Tiltak at equal time, 300 ms each, the same 60 openings as before: 10.8% before
//! (+6 =1 −53), 41.7% after (+25 −35, −58 ± 91 Elo).)

//! round 5 (4x4 komi 0 only, measured against the engine of 4620232): the 4x4 weights had
//! never been fitted with the round-3 features. Fitted from the weights above on 700 games:
//! 600 self-play games at 3000 nodes a move (`tak gen --size 4 --seed 4400`) and the 100 games
//! of the round-4 engine against 4620232's at 200 ms a move (`tak match --seed 500`).
//! tak tune --iterations 400 --l2 0.01 selfplay-4s-3000n.txt vsold-4s-200ms.txt
//! 4x4: 700 games, 13170 positions (1602 held out); held-out log-loss 0.4712 -> 0.4471, accuracy 79.4% -> 80.8%
//! (Against 4620232's engine at 200 ms, the same 100 openings: 59.0% before (+53 =12 −35),
//! 68.5% after (+66 =5 −29, +135 ± 73 Elo).)
//! round 6 (6x6 komi 2 only, measured against Tiltak on openings no training game used): the
//! round-3 games plus every 6x6 game against Tiltak played since (888 more: 486 at 300 ms
//! each, 402 at odds of 100 ms against 10 ms), 2193 games in all, only their moves and results:
//! tak tune --iterations 400 --l2 0.01 final300.txt fit6-300.txt odds-6s-c.txt odds-6s-d.txt
//!   pol300.txt prune300.txt selfplay-100ms-b.txt selfplay-100ms.txt selfplay-3000n.txt
//!   tiltak-100ms.txt tiltak-300ms.txt tiltak-odds-b.txt tiltak-odds.txt
//! 6x6: 2193 games, 112291 positions (12635 held out); held-out log-loss 0.4548 -> 0.4232, accuracy 75.9% -> 80.6%
//! 6x6 real games (check): 3499 positions; log-loss 0.6274 -> 0.6091, accuracy 65.9% -> 67.1%
//! round 7 (6x6 komi 2 only): round 6's games again, with six new kinds of features (the flat
//! lead one-hot from -4 to +4, connected groups, capstones over their own piece, the
//! opponent's pieces next to tall stacks by height, critical squares next to a capstone);
//! the new features start at 0 for every size and are fitted on 6x6 only:
//! (the same command and games as round 6)
//! 6x6: 2193 games, 112291 positions (12635 held out); held-out log-loss 0.4232 -> 0.4168, accuracy 80.6% -> 80.9%
//! 6x6 real games (check): 3499 positions; log-loss 0.6089 -> 0.6062, accuracy 67.1% -> 66.8%
//! round 8 (6x6 komi 2 only): round 7's games and 925 more against Tiltak (only their moves
//! and results): 500 at 100 ms each with the round-7 engine (`tak match --seed 30000` and
//! `--seed 40000`, 250 each; it scored 24.5%), and the 425 at 300 ms each measured on
//! `--seed 5000` and `--seed 7000` (steps 6-8 in README; those openings are no longer fresh,
//! so later steps are measured on `--seed 13000` and `--seed 17000`). Match records become
//! training lines as `scripts/train-outside.sh` converts them. 3118 games in all:
//! tak tune --iterations 400 --l2 0.01 final300.txt fit6-300.txt gen-30000.txt gen-40000.txt
//!   odds-6s-c.txt odds-6s-d.txt pol300.txt prune300.txt s20-nopol.txt s20-pol.txt s20-r6.txt
//!   s20-r7.txt s20-r7b.txt s20-r7c.txt s20-r7d.txt selfplay-100ms-b.txt selfplay-100ms.txt
//!   selfplay-3000n.txt tiltak-100ms.txt tiltak-300ms.txt tiltak-odds-b.txt tiltak-odds.txt
//! 6x6: 3118 games, 164295 positions (18211 held out); held-out log-loss 0.4721 -> 0.4326, accuracy 76.7% -> 79.8%
//! 6x6 real games (check): 3499 positions; log-loss 0.6060 -> 0.6088, accuracy 66.8% -> 68.8%
//! (Fourteen more features, the road distances again scaled by how far the game has gone, were
//! tried on the same games and dropped: held-out log-loss 0.4325 against 0.4326 without.)
//! (Against Tiltak at 300 ms each on fresh openings, `--seed 13000` and `--seed 17000`, 200
//! games: 21.8% (+43 =1 -156), where round 7 scored 15.2% (+29 =3 -168) on the same openings.)
//! round 9 (6x6 komi 2 only; fitted by a session whose note and training files were lost):
//! round 8's weights refitted on about 10,900 self-play games and the 500 games of round 8
//! against Tiltak at 100 ms each (`--seed 50000` and `--seed 60000`), the latter counted five
//! times:
//! tak tune --iterations 400 --l2 0.01 sp1.txt sp2.txt (t-round8-100ms-seed50000.txt
//!   t-round8-100ms-seed60000.txt, five times)
//! 6x6: 13432 games, 721434 positions (80997 held out); held-out log-loss 0.5561 -> 0.5147, accuracy 70.2% -> 74.7%
//! 6x6 real games (check): 3499 positions; log-loss 0.6090 -> 0.5706, accuracy 68.8% -> 66.7%
//! (Against Tiltak it played as round 8 did: 23.0% of 200 games at 100 ms each on `--seed
//! 70000`, where the engine of round 8 scored 23.8%.)
//! round 10 (6x6 komi 2 only): every weight tapered, one value at the start of a game and one
//! at its end (blended by `features::game_left`), fitted from round 9's (both ends starting
//! equal) on 1,800 self-play games at 10,000 nodes a move, kept in data/training: 1,300 of
//! round 8's engine (`tak gen --size 6 --komi 2 --games 100 --nodes 10000 --seed S` for S from
//! 100000 to 100012) and 500 of round 9's (S from 110000 to 110004):
//! tak tune --iterations 400 --l2 0.01 --check ../shared/data/real-games.jsonl
//!   selfplay-round8-10k-s100000.txt selfplay-round9-10k-s110000.txt
//! 6x6: 1800 games, 100128 positions (11320 held out); held-out log-loss 0.5318 -> 0.5187, accuracy 71.5% -> 72.8%
//! 6x6 real games (check): 3499 positions; log-loss 0.5705 -> 0.5864, accuracy 66.7% -> 68.0%
//! (Against Tiltak at 300 ms each on `--seed 13000` and `--seed 17000`, 200 games: 38.5%
//! (+75 =4 -121), where round 8 scored 17.8% and 21.8% on the same openings; at 100 ms each on
//! `--seed 70000`, 200 games: 38.8% (+76 =3 -121), where round 8's engine scored 23.8%.)
//! round 12 (8x8 komi 2 only; its first own weights, measured against Cataklysm): `tak tune
//! --iterations 400 --l2 0.01 target/train78/outside-s8.txt target/train78/selfplay-s8.txt`
//! on 60 games against Cataklysm at 100 ms a move (seeds 48000 on) and 200 self-play games at
//! 3,000 nodes a move (`scripts/train-outside.sh` with SIZE=8 HALF_KOMI=4 OUTSIDE_SEED=48000
//! SELFPLAY_GAMES=200 OUTSIDE_GAMES=60), starting from the carried-over 6x6 weights:
//! 8x8: 260 games, 27476 positions (3211 held out); held-out log-loss 0.5873 -> 0.5593, accuracy 76.2% -> 67.3%
//! The same for 7x7 played 0 of 7 against Cataklysm (10 of 20 before) and was dropped: 7x7
//! keeps the 6x6 weights carried over.

use super::features::TaperedWeights;

/// Logit (log-odds of a win) per hundredth of a flat, by size.
pub const LOGIT_PER_UNIT: [f32; 6] = [
    4.6901177e-3,
    5.9433747e-3,
    4.3905284e-3,
    3.2278253e-3,
    3.1328117e-3,
    2.3003554e-3,
];

/// By size, then feature (see `features::feature_name`): [at the start, at the end].
#[rustfmt::skip]
pub const WEIGHTS: [TaperedWeights; 6] = [
    // 3x3
    [
        [-3.8, -3.8], // flat_psqt[0]
        [28.8, 28.8], // flat_psqt[1]
        [63.4, 63.4], // flat_psqt[2]
        [4.8, 4.8], // flat_psqt[3]
        [6.4, 6.4], // flat_psqt[4]
        [8.0, 8.0], // flat_psqt[5]
        [9.6, 9.6], // flat_psqt[6]
        [11.2, 11.2], // flat_psqt[7]
        [12.8, 12.8], // flat_psqt[8]
        [14.4, 14.4], // flat_psqt[9]
        [22.1, 22.1], // wall_psqt[0]
        [16.8, 16.8], // wall_psqt[1]
        [-44.8, -44.8], // wall_psqt[2]
        [-27.2, -27.2], // wall_psqt[3]
        [-25.6, -25.6], // wall_psqt[4]
        [-24.0, -24.0], // wall_psqt[5]
        [-22.4, -22.4], // wall_psqt[6]
        [-20.8, -20.8], // wall_psqt[7]
        [-19.2, -19.2], // wall_psqt[8]
        [-17.6, -17.6], // wall_psqt[9]
        [21.3, 21.3], // cap_psqt[0]
        [23.5, 23.5], // cap_psqt[1]
        [25.6, 25.6], // cap_psqt[2]
        [27.7, 27.7], // cap_psqt[3]
        [29.8, 29.8], // cap_psqt[4]
        [32.0, 32.0], // cap_psqt[5]
        [34.1, 34.1], // cap_psqt[6]
        [36.2, 36.2], // cap_psqt[7]
        [38.4, 38.4], // cap_psqt[8]
        [40.5, 40.5], // cap_psqt[9]
        [44.9, 44.9], // flat_count[0]
        [111.5, 111.5], // flat_count[1]
        [88.5, 88.5], // flat_count[2]
        [126.5, 126.5], // flat_count[3]
        [214.7, 214.7], // flat_count_race[0]
        [104.1, 104.1], // flat_count_race[1]
        [78.7, 78.7], // flat_count_race[2]
        [-21.4, -21.4], // reserves[0]
        [-98.9, -98.9], // reserves[1]
        [-110.0, -110.0], // reserves[2]
        [-18.2, -18.2], // reserves[3]
        [121.4, 121.4], // stack[0]
        [27.4, 27.4], // stack[1]
        [56.2, 56.2], // stack[2]
        [-40.1, -40.1], // stack[3]
        [13.9, 13.9], // stack[4]
        [7.5, 7.5], // stack[5]
        [-48.8, -48.8], // deep[0]
        [16.8, 16.8], // deep[1]
        [0.7, 0.7], // tall[0]
        [36.2, 36.2], // tall[1]
        [37.3, 37.3], // tall[2]
        [51.5, 51.5], // lines[0]
        [-53.5, -53.5], // lines[1]
        [-92.8, -92.8], // lines[2]
        [104.0, 104.0], // lines[3]
        [-28.9, -28.9], // lines[4]
        [-47.5, -47.5], // lines[5]
        [37.5, 37.5], // lines[6]
        [52.5, 52.5], // lines[7]
        [1.3, 1.3], // lines[8]
        [28.8, 28.8], // lines[9]
        [11.5, 11.5], // lines[10]
        [2.9, 2.9], // lines[11]
        [0.0, 0.0], // lines[12]
        [0.0, 0.0], // lines[13]
        [0.0, 0.0], // lines[14]
        [0.0, 0.0], // lines[15]
        [0.0, 0.0], // lines[16]
        [0.0, 0.0], // lines[17]
        [0.0, 0.0], // lines[18]
        [0.0, 0.0], // lines[19]
        [0.0, 0.0], // lines[20]
        [0.0, 0.0], // lines[21]
        [0.0, 0.0], // lines[22]
        [0.0, 0.0], // lines[23]
        [0.0, 0.0], // lines[24]
        [0.0, 0.0], // lines[25]
        [0.0, 0.0], // lines[26]
        [45.8, 45.8], // span[0]
        [-43.3, -43.3], // span[1]
        [18.9, 18.9], // span[2]
        [38.4, 38.4], // span[3]
        [0.0, 0.0], // span[4]
        [0.0, 0.0], // span[5]
        [0.0, 0.0], // span[6]
        [0.0, 0.0], // span[7]
        [0.0, 0.0], // span[8]
        [28.8, 28.8], // road_distance_me[0]
        [129.1, 129.1], // road_distance_me[1]
        [50.1, 50.1], // road_distance_me[2]
        [28.2, 28.2], // road_distance_me[3]
        [0.0, 0.0], // road_distance_me[4]
        [0.0, 0.0], // road_distance_me[5]
        [0.0, 0.0], // road_distance_me[6]
        [-33.6, -33.6], // road_distance_opp[0]
        [121.1, 121.1], // road_distance_opp[1]
        [-11.3, -11.3], // road_distance_opp[2]
        [58.0, 58.0], // road_distance_opp[3]
        [-0.0, -0.0], // road_distance_opp[4]
        [-0.0, -0.0], // road_distance_opp[5]
        [-0.0, -0.0], // road_distance_opp[6]
        [80.0, 80.0], // threats_me[0]
        [159.9, 159.9], // threats_me[1]
        [-80.0, -80.0], // threats_opp[0]
        [-319.8, -319.8], // threats_opp[1]
        [2.7, 2.7], // cap_mobility
        [-10.3, -10.3], // adjacent
        [45.2, 45.2], // liberties
        [40.5, 40.5], // wall_blocks
        [4.3, 4.3], // cap_attacks
        [180.7, 180.7], // tempo
        [0.0, 0.0], // critical_me[0]
        [0.0, 0.0], // critical_me[1]
        [0.0, 0.0], // critical_opp[0]
        [0.0, 0.0], // critical_opp[1]
        [0.0, 0.0], // mobility[0]
        [0.0, 0.0], // mobility[1]
        [0.0, 0.0], // lead_buckets[0]
        [0.0, 0.0], // lead_buckets[1]
        [0.0, 0.0], // lead_buckets[2]
        [0.0, 0.0], // lead_buckets[3]
        [0.0, 0.0], // lead_buckets[4]
        [0.0, 0.0], // lead_buckets[5]
        [0.0, 0.0], // lead_buckets[6]
        [0.0, 0.0], // lead_buckets[7]
        [0.0, 0.0], // lead_buckets[8]
        [0.0, 0.0], // groups
        [0.0, 0.0], // hard_caps
        [0.0, 0.0], // stack_pressure[0]
        [0.0, 0.0], // stack_pressure[1]
        [0.0, 0.0], // stack_pressure[2]
        [0.0, 0.0], // cap_critical_me
        [0.0, 0.0], // cap_critical_opp
    ],
    // 4x4
    [
        [16.4, 16.4], // flat_psqt[0]
        [32.5, 32.5], // flat_psqt[1]
        [42.7, 42.7], // flat_psqt[2]
        [3.8, 3.8], // flat_psqt[3]
        [5.0, 5.0], // flat_psqt[4]
        [6.3, 6.3], // flat_psqt[5]
        [7.6, 7.6], // flat_psqt[6]
        [8.9, 8.9], // flat_psqt[7]
        [10.2, 10.2], // flat_psqt[8]
        [11.4, 11.4], // flat_psqt[9]
        [-38.2, -38.2], // wall_psqt[0]
        [-28.5, -28.5], // wall_psqt[1]
        [29.5, 29.5], // wall_psqt[2]
        [-21.4, -21.4], // wall_psqt[3]
        [-20.1, -20.1], // wall_psqt[4]
        [-18.9, -18.9], // wall_psqt[5]
        [-17.6, -17.6], // wall_psqt[6]
        [-16.4, -16.4], // wall_psqt[7]
        [-15.1, -15.1], // wall_psqt[8]
        [-13.9, -13.9], // wall_psqt[9]
        [16.8, 16.8], // cap_psqt[0]
        [18.5, 18.5], // cap_psqt[1]
        [20.1, 20.1], // cap_psqt[2]
        [21.8, 21.8], // cap_psqt[3]
        [23.6, 23.6], // cap_psqt[4]
        [25.3, 25.3], // cap_psqt[5]
        [26.9, 26.9], // cap_psqt[6]
        [28.6, 28.6], // cap_psqt[7]
        [30.3, 30.3], // cap_psqt[8]
        [32.0, 32.0], // cap_psqt[9]
        [70.6, 70.6], // flat_count[0]
        [92.1, 92.1], // flat_count[1]
        [107.9, 107.9], // flat_count[2]
        [44.4, 44.4], // flat_count[3]
        [120.4, 120.4], // flat_count_race[0]
        [59.6, 59.6], // flat_count_race[1]
        [22.4, 22.4], // flat_count_race[2]
        [-75.3, -75.3], // reserves[0]
        [-110.4, -110.4], // reserves[1]
        [-75.7, -75.7], // reserves[2]
        [-119.1, -119.1], // reserves[3]
        [41.6, 41.6], // stack[0]
        [-78.9, -78.9], // stack[1]
        [119.7, 119.7], // stack[2]
        [-24.7, -24.7], // stack[3]
        [11.0, 11.0], // stack[4]
        [5.9, 5.9], // stack[5]
        [15.1, 15.1], // deep[0]
        [-13.4, -13.4], // deep[1]
        [3.3, 3.3], // tall[0]
        [2.3, 2.3], // tall[1]
        [-22.3, -22.3], // tall[2]
        [3.7, 3.7], // lines[0]
        [-25.7, -25.7], // lines[1]
        [-41.2, -41.2], // lines[2]
        [12.2, 12.2], // lines[3]
        [-4.0, -4.0], // lines[4]
        [-15.8, -15.8], // lines[5]
        [47.9, 47.9], // lines[6]
        [20.1, 20.1], // lines[7]
        [-16.3, -16.3], // lines[8]
        [37.7, 37.7], // lines[9]
        [32.1, 32.1], // lines[10]
        [2.3, 2.3], // lines[11]
        [40.4, 40.4], // lines[12]
        [16.2, 16.2], // lines[13]
        [4.0, 4.0], // lines[14]
        [0.0, 0.0], // lines[15]
        [0.0, 0.0], // lines[16]
        [0.0, 0.0], // lines[17]
        [0.0, 0.0], // lines[18]
        [0.0, 0.0], // lines[19]
        [0.0, 0.0], // lines[20]
        [0.0, 0.0], // lines[21]
        [0.0, 0.0], // lines[22]
        [0.0, 0.0], // lines[23]
        [0.0, 0.0], // lines[24]
        [0.0, 0.0], // lines[25]
        [0.0, 0.0], // lines[26]
        [-1.5, -1.5], // span[0]
        [-1.1, -1.1], // span[1]
        [29.9, 29.9], // span[2]
        [19.8, 19.8], // span[3]
        [53.9, 53.9], // span[4]
        [0.0, 0.0], // span[5]
        [0.0, 0.0], // span[6]
        [0.0, 0.0], // span[7]
        [0.0, 0.0], // span[8]
        [40.4, 40.4], // road_distance_me[0]
        [53.9, 53.9], // road_distance_me[1]
        [24.7, 24.7], // road_distance_me[2]
        [31.0, 31.0], // road_distance_me[3]
        [31.9, 31.9], // road_distance_me[4]
        [0.0, 0.0], // road_distance_me[5]
        [0.0, 0.0], // road_distance_me[6]
        [-47.1, -47.1], // road_distance_opp[0]
        [36.3, 36.3], // road_distance_opp[1]
        [23.2, 23.2], // road_distance_opp[2]
        [-13.4, -13.4], // road_distance_opp[3]
        [19.0, 19.0], // road_distance_opp[4]
        [-0.0, -0.0], // road_distance_opp[5]
        [-0.0, -0.0], // road_distance_opp[6]
        [63.0, 63.0], // threats_me[0]
        [126.2, 126.2], // threats_me[1]
        [-63.0, -63.0], // threats_opp[0]
        [-252.4, -252.4], // threats_opp[1]
        [2.1, 2.1], // cap_mobility
        [19.1, 19.1], // adjacent
        [5.0, 5.0], // liberties
        [58.1, 58.1], // wall_blocks
        [3.4, 3.4], // cap_attacks
        [114.5, 114.5], // tempo
        [20.4, 20.4], // critical_me[0]
        [-2.8, -2.8], // critical_me[1]
        [-14.6, -14.6], // critical_opp[0]
        [-6.7, -6.7], // critical_opp[1]
        [12.5, 12.5], // mobility[0]
        [6.7, 6.7], // mobility[1]
        [0.0, 0.0], // lead_buckets[0]
        [0.0, 0.0], // lead_buckets[1]
        [0.0, 0.0], // lead_buckets[2]
        [0.0, 0.0], // lead_buckets[3]
        [0.0, 0.0], // lead_buckets[4]
        [0.0, 0.0], // lead_buckets[5]
        [0.0, 0.0], // lead_buckets[6]
        [0.0, 0.0], // lead_buckets[7]
        [0.0, 0.0], // lead_buckets[8]
        [0.0, 0.0], // groups
        [0.0, 0.0], // hard_caps
        [0.0, 0.0], // stack_pressure[0]
        [0.0, 0.0], // stack_pressure[1]
        [0.0, 0.0], // stack_pressure[2]
        [0.0, 0.0], // cap_critical_me
        [0.0, 0.0], // cap_critical_opp
    ],
    // 5x5
    [
        [19.9, 19.9], // flat_psqt[0]
        [25.5, 25.5], // flat_psqt[1]
        [42.8, 42.8], // flat_psqt[2]
        [18.5, 18.5], // flat_psqt[3]
        [46.5, 46.5], // flat_psqt[4]
        [-5.9, -5.9], // flat_psqt[5]
        [10.2, 10.2], // flat_psqt[6]
        [11.9, 11.9], // flat_psqt[7]
        [13.6, 13.6], // flat_psqt[8]
        [15.3, 15.3], // flat_psqt[9]
        [-54.6, -54.6], // wall_psqt[0]
        [-10.6, -10.6], // wall_psqt[1]
        [17.5, 17.5], // wall_psqt[2]
        [-21.2, -21.2], // wall_psqt[3]
        [36.6, 36.6], // wall_psqt[4]
        [14.0, 14.0], // wall_psqt[5]
        [-24.0, -24.0], // wall_psqt[6]
        [-22.2, -22.2], // wall_psqt[7]
        [-20.6, -20.6], // wall_psqt[8]
        [-18.8, -18.8], // wall_psqt[9]
        [-18.6, -18.6], // cap_psqt[0]
        [-36.2, -36.2], // cap_psqt[1]
        [13.8, 13.8], // cap_psqt[2]
        [-12.4, -12.4], // cap_psqt[3]
        [68.1, 68.1], // cap_psqt[4]
        [114.2, 114.2], // cap_psqt[5]
        [36.4, 36.4], // cap_psqt[6]
        [38.7, 38.7], // cap_psqt[7]
        [40.9, 40.9], // cap_psqt[8]
        [43.3, 43.3], // cap_psqt[9]
        [138.9, 138.9], // flat_count[0]
        [96.7, 96.7], // flat_count[1]
        [103.3, 103.3], // flat_count[2]
        [90.2, 90.2], // flat_count[3]
        [139.0, 139.0], // flat_count_race[0]
        [58.9, 58.9], // flat_count_race[1]
        [21.0, 21.0], // flat_count_race[2]
        [-77.0, -77.0], // reserves[0]
        [-81.7, -81.7], // reserves[1]
        [-85.8, -85.8], // reserves[2]
        [-147.3, -147.3], // reserves[3]
        [24.3, 24.3], // stack[0]
        [-45.7, -45.7], // stack[1]
        [74.6, 74.6], // stack[2]
        [-3.7, -3.7], // stack[3]
        [109.9, 109.9], // stack[4]
        [28.1, 28.1], // stack[5]
        [-18.8, -18.8], // deep[0]
        [5.4, 5.4], // deep[1]
        [-7.8, -7.8], // tall[0]
        [36.5, 36.5], // tall[1]
        [-9.5, -9.5], // tall[2]
        [30.2, 30.2], // lines[0]
        [-6.3, -6.3], // lines[1]
        [-29.6, -29.6], // lines[2]
        [13.5, 13.5], // lines[3]
        [-5.4, -5.4], // lines[4]
        [-32.3, -32.3], // lines[5]
        [29.9, 29.9], // lines[6]
        [-13.5, -13.5], // lines[7]
        [-35.7, -35.7], // lines[8]
        [76.0, 76.0], // lines[9]
        [27.4, 27.4], // lines[10]
        [-26.7, -26.7], // lines[11]
        [54.0, 54.0], // lines[12]
        [66.6, 66.6], // lines[13]
        [5.5, 5.5], // lines[14]
        [85.4, 85.4], // lines[15]
        [34.2, 34.2], // lines[16]
        [8.5, 8.5], // lines[17]
        [0.0, 0.0], // lines[18]
        [0.0, 0.0], // lines[19]
        [0.0, 0.0], // lines[20]
        [0.0, 0.0], // lines[21]
        [0.0, 0.0], // lines[22]
        [0.0, 0.0], // lines[23]
        [0.0, 0.0], // lines[24]
        [0.0, 0.0], // lines[25]
        [0.0, 0.0], // lines[26]
        [-1.0, -1.0], // span[0]
        [12.7, 12.7], // span[1]
        [40.0, 40.0], // span[2]
        [47.7, 47.7], // span[3]
        [37.2, 37.2], // span[4]
        [113.9, 113.9], // span[5]
        [0.0, 0.0], // span[6]
        [0.0, 0.0], // span[7]
        [0.0, 0.0], // span[8]
        [85.4, 85.4], // road_distance_me[0]
        [84.8, 84.8], // road_distance_me[1]
        [37.8, 37.8], // road_distance_me[2]
        [27.0, 27.0], // road_distance_me[3]
        [18.7, 18.7], // road_distance_me[4]
        [46.8, 46.8], // road_distance_me[5]
        [0.0, 0.0], // road_distance_me[6]
        [-99.6, -99.6], // road_distance_opp[0]
        [-9.4, -9.4], // road_distance_opp[1]
        [6.0, 6.0], // road_distance_opp[2]
        [13.9, 13.9], // road_distance_opp[3]
        [-13.1, -13.1], // road_distance_opp[4]
        [-4.5, -4.5], // road_distance_opp[5]
        [-0.0, -0.0], // road_distance_opp[6]
        [85.4, 85.4], // threats_me[0]
        [170.9, 170.9], // threats_me[1]
        [-85.4, -85.4], // threats_opp[0]
        [-341.7, -341.7], // threats_opp[1]
        [21.0, 21.0], // cap_mobility
        [10.8, 10.8], // adjacent
        [5.3, 5.3], // liberties
        [68.7, 68.7], // wall_blocks
        [14.7, 14.7], // cap_attacks
        [123.9, 123.9], // tempo
        [21.2, 21.2], // critical_me[0]
        [-6.8, -6.8], // critical_me[1]
        [-18.0, -18.0], // critical_opp[0]
        [12.3, 12.3], // critical_opp[1]
        [12.0, 12.0], // mobility[0]
        [-0.8, -0.8], // mobility[1]
        [0.0, 0.0], // lead_buckets[0]
        [0.0, 0.0], // lead_buckets[1]
        [0.0, 0.0], // lead_buckets[2]
        [0.0, 0.0], // lead_buckets[3]
        [0.0, 0.0], // lead_buckets[4]
        [0.0, 0.0], // lead_buckets[5]
        [0.0, 0.0], // lead_buckets[6]
        [0.0, 0.0], // lead_buckets[7]
        [0.0, 0.0], // lead_buckets[8]
        [0.0, 0.0], // groups
        [0.0, 0.0], // hard_caps
        [0.0, 0.0], // stack_pressure[0]
        [0.0, 0.0], // stack_pressure[1]
        [0.0, 0.0], // stack_pressure[2]
        [0.0, 0.0], // cap_critical_me
        [0.0, 0.0], // cap_critical_opp
    ],
    // 6x6
    [
        [-9.6, 44.2], // flat_psqt[0]
        [28.1, 53.6], // flat_psqt[1]
        [76.0, 40.4], // flat_psqt[2]
        [63.9, 35.1], // flat_psqt[3]
        [91.7, 50.3], // flat_psqt[4]
        [98.8, 74.0], // flat_psqt[5]
        [13.9, 13.9], // flat_psqt[6]
        [16.2, 16.2], // flat_psqt[7]
        [18.4, 18.4], // flat_psqt[8]
        [20.8, 20.8], // flat_psqt[9]
        [3.9, 1.8], // wall_psqt[0]
        [38.1, 71.2], // wall_psqt[1]
        [82.3, 45.0], // wall_psqt[2]
        [-0.5, -1.5], // wall_psqt[3]
        [57.4, 76.6], // wall_psqt[4]
        [85.7, 78.2], // wall_psqt[5]
        [-32.6, -32.6], // wall_psqt[6]
        [-30.2, -30.2], // wall_psqt[7]
        [-27.9, -27.9], // wall_psqt[8]
        [-25.5, -25.5], // wall_psqt[9]
        [-137.2, -136.7], // cap_psqt[0]
        [-39.3, -33.6], // cap_psqt[1]
        [46.4, 52.6], // cap_psqt[2]
        [-16.9, -21.3], // cap_psqt[3]
        [95.6, 84.7], // cap_psqt[4]
        [163.6, 164.0], // cap_psqt[5]
        [49.5, 49.5], // cap_psqt[6]
        [52.7, 52.7], // cap_psqt[7]
        [55.8, 55.8], // cap_psqt[8]
        [58.8, 58.8], // cap_psqt[9]
        [75.0, 62.5], // flat_count[0]
        [86.5, 83.2], // flat_count[1]
        [112.1, 118.2], // flat_count[2]
        [202.8, 212.5], // flat_count[3]
        [17.0, 35.8], // flat_count_race[0]
        [23.8, 24.4], // flat_count_race[1]
        [16.7, -0.3], // flat_count_race[2]
        [-199.5, -210.4], // reserves[0]
        [-128.6, -125.8], // reserves[1]
        [-138.1, -113.0], // reserves[2]
        [-200.2, -171.1], // reserves[3]
        [-16.9, -31.2], // stack[0]
        [-48.5, -45.8], // stack[1]
        [23.9, 51.7], // stack[2]
        [43.9, 22.5], // stack[3]
        [66.4, 59.7], // stack[4]
        [49.9, 60.2], // stack[5]
        [10.1, 11.3], // deep[0]
        [4.0, 16.8], // deep[1]
        [22.4, 19.6], // tall[0]
        [79.0, 42.6], // tall[1]
        [47.7, 52.8], // tall[2]
        [-38.2, -26.7], // lines[0]
        [-31.7, -37.9], // lines[1]
        [-11.7, -17.0], // lines[2]
        [-28.7, -7.9], // lines[3]
        [1.9, 1.6], // lines[4]
        [-4.8, 4.2], // lines[5]
        [24.1, 9.4], // lines[6]
        [1.6, 22.1], // lines[7]
        [18.9, 21.2], // lines[8]
        [38.2, 44.1], // lines[9]
        [40.9, 23.6], // lines[10]
        [14.8, 30.3], // lines[11]
        [61.8, 54.3], // lines[12]
        [63.8, 46.3], // lines[13]
        [44.9, 26.6], // lines[14]
        [99.8, 101.5], // lines[15]
        [75.9, 75.6], // lines[16]
        [11.6, 11.6], // lines[17]
        [167.4, 167.4], // lines[18]
        [67.0, 67.0], // lines[19]
        [16.7, 16.7], // lines[20]
        [0.0, 0.0], // lines[21]
        [0.0, 0.0], // lines[22]
        [0.0, 0.0], // lines[23]
        [0.0, 0.0], // lines[24]
        [0.0, 0.0], // lines[25]
        [0.0, 0.0], // lines[26]
        [5.7, 5.7], // span[0]
        [29.1, -2.2], // span[1]
        [52.9, 75.8], // span[2]
        [71.8, 82.7], // span[3]
        [95.5, 92.8], // span[4]
        [85.8, 85.9], // span[5]
        [223.0, 223.0], // span[6]
        [0.0, 0.0], // span[7]
        [0.0, 0.0], // span[8]
        [167.4, 167.4], // road_distance_me[0]
        [129.4, 136.8], // road_distance_me[1]
        [81.9, 86.0], // road_distance_me[2]
        [50.1, 44.6], // road_distance_me[3]
        [39.8, 38.3], // road_distance_me[4]
        [32.1, 34.7], // road_distance_me[5]
        [57.7, 57.0], // road_distance_me[6]
        [-195.1, -195.1], // road_distance_opp[0]
        [-77.9, -61.3], // road_distance_opp[1]
        [-38.3, -26.2], // road_distance_opp[2]
        [-10.4, -20.4], // road_distance_opp[3]
        [-13.8, -21.6], // road_distance_opp[4]
        [-11.6, -14.5], // road_distance_opp[5]
        [-11.0, -12.5], // road_distance_opp[6]
        [116.2, 116.2], // threats_me[0]
        [232.3, 232.3], // threats_me[1]
        [-116.2, -116.2], // threats_opp[0]
        [-464.8, -464.8], // threats_opp[1]
        [-9.7, -22.2], // cap_mobility
        [30.6, -34.3], // adjacent
        [24.1, -8.7], // liberties
        [36.7, 16.6], // wall_blocks
        [51.0, 17.3], // cap_attacks
        [150.9, 157.4], // tempo
        [26.9, 23.3], // critical_me[0]
        [-10.6, 8.7], // critical_me[1]
        [-27.3, -24.7], // critical_opp[0]
        [3.2, -20.4], // critical_opp[1]
        [10.9, 17.6], // mobility[0]
        [-3.0, -2.4], // mobility[1]
        [-22.6, -18.3], // lead_buckets[0]
        [1.8, -2.1], // lead_buckets[1]
        [19.5, 20.5], // lead_buckets[2]
        [8.1, -3.2], // lead_buckets[3]
        [-12.4, -1.2], // lead_buckets[4]
        [-19.0, -23.9], // lead_buckets[5]
        [-7.4, 0.5], // lead_buckets[6]
        [28.9, 33.2], // lead_buckets[7]
        [14.3, 12.1], // lead_buckets[8]
        [-10.3, -26.6], // groups
        [86.5, 80.4], // hard_caps
        [4.7, -0.1], // stack_pressure[0]
        [-55.8, -2.5], // stack_pressure[1]
        [-6.3, -22.5], // stack_pressure[2]
        [5.2, -7.3], // cap_critical_me
        [-12.5, 7.7], // cap_critical_opp
    ],
    // 7x7
    [
        [1.4, 1.4], // flat_psqt[0]
        [-7.3, -7.3], // flat_psqt[1]
        [18.0, 18.0], // flat_psqt[2]
        [-18.2, -18.2], // flat_psqt[3]
        [-5.5, -5.5], // flat_psqt[4]
        [29.7, 29.7], // flat_psqt[5]
        [-18.2, -18.2], // flat_psqt[6]
        [-5.5, -5.5], // flat_psqt[7]
        [29.7, 29.7], // flat_psqt[8]
        [29.7, 29.7], // flat_psqt[9]
        [-30.2, -30.2], // wall_psqt[0]
        [-122.0, -122.0], // wall_psqt[1]
        [-48.7, -48.7], // wall_psqt[2]
        [-19.9, -19.9], // wall_psqt[3]
        [-17.0, -17.0], // wall_psqt[4]
        [58.6, 58.6], // wall_psqt[5]
        [-19.9, -19.9], // wall_psqt[6]
        [-17.0, -17.0], // wall_psqt[7]
        [58.6, 58.6], // wall_psqt[8]
        [58.6, 58.6], // wall_psqt[9]
        [-80.2, -80.2], // cap_psqt[0]
        [28.4, 28.4], // cap_psqt[1]
        [36.0, 36.0], // cap_psqt[2]
        [33.8, 33.8], // cap_psqt[3]
        [57.5, 57.5], // cap_psqt[4]
        [105.6, 105.6], // cap_psqt[5]
        [33.8, 33.8], // cap_psqt[6]
        [57.5, 57.5], // cap_psqt[7]
        [105.6, 105.6], // cap_psqt[8]
        [105.6, 105.6], // cap_psqt[9]
        [89.2, 89.2], // flat_count[0]
        [89.8, 89.8], // flat_count[1]
        [110.2, 110.2], // flat_count[2]
        [162.2, 162.2], // flat_count[3]
        [176.3, 176.3], // flat_count_race[0]
        [72.1, 72.1], // flat_count_race[1]
        [69.0, 69.0], // flat_count_race[2]
        [-55.5, -55.5], // reserves[0]
        [-53.4, -53.4], // reserves[1]
        [-68.6, -68.6], // reserves[2]
        [-109.7, -109.7], // reserves[3]
        [79.1, 79.1], // stack[0]
        [-61.7, -61.7], // stack[1]
        [103.9, 103.9], // stack[2]
        [-10.0, -10.0], // stack[3]
        [92.8, 92.8], // stack[4]
        [15.2, 15.2], // stack[5]
        [33.2, 33.2], // deep[0]
        [-1.7, -1.7], // deep[1]
        [29.2, 29.2], // tall[0]
        [32.2, 32.2], // tall[1]
        [28.1, 28.1], // tall[2]
        [6.6, 6.6], // lines[0]
        [6.0, 6.0], // lines[1]
        [11.3, 11.3], // lines[2]
        [6.6, 6.6], // lines[3]
        [6.0, 6.0], // lines[4]
        [11.3, 11.3], // lines[5]
        [38.6, 38.6], // lines[6]
        [-1.9, -1.9], // lines[7]
        [-36.2, -36.2], // lines[8]
        [56.5, 56.5], // lines[9]
        [2.7, 2.7], // lines[10]
        [-42.3, -42.3], // lines[11]
        [97.1, 97.1], // lines[12]
        [21.6, 21.6], // lines[13]
        [-7.6, -7.6], // lines[14]
        [60.1, 60.1], // lines[15]
        [28.0, 28.0], // lines[16]
        [28.2, 28.2], // lines[17]
        [124.4, 124.4], // lines[18]
        [-10.2, -10.2], // lines[19]
        [12.0, 12.0], // lines[20]
        [172.4, 172.4], // lines[21]
        [69.0, 69.0], // lines[22]
        [17.2, 17.2], // lines[23]
        [0.0, 0.0], // lines[24]
        [0.0, 0.0], // lines[25]
        [0.0, 0.0], // lines[26]
        [5.9, 5.9], // span[0]
        [5.9, 5.9], // span[1]
        [30.3, 30.3], // span[2]
        [39.1, 39.1], // span[3]
        [53.1, 53.1], // span[4]
        [95.7, 95.7], // span[5]
        [126.9, 126.9], // span[6]
        [229.8, 229.8], // span[7]
        [0.0, 0.0], // span[8]
        [172.4, 172.4], // road_distance_me[0]
        [172.4, 172.4], // road_distance_me[1]
        [84.4, 84.4], // road_distance_me[2]
        [37.2, 37.2], // road_distance_me[3]
        [20.1, 20.1], // road_distance_me[4]
        [-29.1, -29.1], // road_distance_me[5]
        [59.0, 59.0], // road_distance_me[6]
        [-201.1, -201.1], // road_distance_opp[0]
        [-123.6, -123.6], // road_distance_opp[1]
        [-53.3, -53.3], // road_distance_opp[2]
        [-37.5, -37.5], // road_distance_opp[3]
        [-2.9, -2.9], // road_distance_opp[4]
        [10.1, 10.1], // road_distance_opp[5]
        [-19.4, -19.4], // road_distance_opp[6]
        [119.7, 119.7], // threats_me[0]
        [239.4, 239.4], // threats_me[1]
        [-119.7, -119.7], // threats_opp[0]
        [-478.8, -478.8], // threats_opp[1]
        [10.0, 10.0], // cap_mobility
        [-25.7, -25.7], // adjacent
        [-1.1, -1.1], // liberties
        [5.6, 5.6], // wall_blocks
        [39.4, 39.4], // cap_attacks
        [96.7, 96.7], // tempo
        [0.0, 0.0], // critical_me[0]
        [0.0, 0.0], // critical_me[1]
        [0.0, 0.0], // critical_opp[0]
        [0.0, 0.0], // critical_opp[1]
        [0.0, 0.0], // mobility[0]
        [0.0, 0.0], // mobility[1]
        [0.0, 0.0], // lead_buckets[0]
        [0.0, 0.0], // lead_buckets[1]
        [0.0, 0.0], // lead_buckets[2]
        [0.0, 0.0], // lead_buckets[3]
        [0.0, 0.0], // lead_buckets[4]
        [0.0, 0.0], // lead_buckets[5]
        [0.0, 0.0], // lead_buckets[6]
        [0.0, 0.0], // lead_buckets[7]
        [0.0, 0.0], // lead_buckets[8]
        [0.0, 0.0], // groups
        [0.0, 0.0], // hard_caps
        [0.0, 0.0], // stack_pressure[0]
        [0.0, 0.0], // stack_pressure[1]
        [0.0, 0.0], // stack_pressure[2]
        [0.0, 0.0], // cap_critical_me
        [0.0, 0.0], // cap_critical_opp
    ],
    // 8x8
    [
        [48.1, 9.7], // flat_psqt[0]
        [13.3, 27.5], // flat_psqt[1]
        [117.7, -28.2], // flat_psqt[2]
        [99.2, 67.3], // flat_psqt[3]
        [29.7, 80.1], // flat_psqt[4]
        [38.2, -6.4], // flat_psqt[5]
        [-59.4, 19.3], // flat_psqt[6]
        [-47.5, 49.2], // flat_psqt[7]
        [72.0, 38.6], // flat_psqt[8]
        [-16.2, -24.9], // flat_psqt[9]
        [-6.7, 32.8], // wall_psqt[0]
        [-168.9, -154.1], // wall_psqt[1]
        [-45.7, -25.3], // wall_psqt[2]
        [31.8, 94.3], // wall_psqt[3]
        [-43.3, -27.6], // wall_psqt[4]
        [90.8, 71.9], // wall_psqt[5]
        [-22.8, -42.9], // wall_psqt[6]
        [14.0, 80.6], // wall_psqt[7]
        [-84.0, 57.3], // wall_psqt[8]
        [-15.0, 42.6], // wall_psqt[9]
        [-120.8, -124.7], // cap_psqt[0]
        [-42.1, -68.6], // cap_psqt[1]
        [2.6, 3.1], // cap_psqt[2]
        [15.3, -40.8], // cap_psqt[3]
        [53.8, 21.6], // cap_psqt[4]
        [164.5, 187.7], // cap_psqt[5]
        [36.3, 124.8], // cap_psqt[6]
        [108.2, 0.8], // cap_psqt[7]
        [171.4, 238.6], // cap_psqt[8]
        [208.6, 273.9], // cap_psqt[9]
        [74.5, 111.3], // flat_count[0]
        [90.9, 92.9], // flat_count[1]
        [121.5, 94.8], // flat_count[2]
        [219.4, 187.2], // flat_count[3]
        [237.6, 111.5], // flat_count_race[0]
        [96.9, 63.4], // flat_count_race[1]
        [94.0, 93.4], // flat_count_race[2]
        [-115.5, -84.7], // reserves[0]
        [-127.9, -98.2], // reserves[1]
        [-129.4, -103.6], // reserves[2]
        [-119.3, -166.3], // reserves[3]
        [193.0, 33.6], // stack[0]
        [-111.9, 5.3], // stack[1]
        [104.0, 22.9], // stack[2]
        [-51.0, 40.1], // stack[3]
        [58.5, 91.1], // stack[4]
        [18.4, 40.5], // stack[5]
        [53.7, 75.7], // deep[0]
        [-1.3, -44.3], // deep[1]
        [-57.0, 55.6], // tall[0]
        [4.5, 95.5], // tall[1]
        [44.0, 37.4], // tall[2]
        [-7.3, 3.4], // lines[0]
        [65.4, 44.4], // lines[1]
        [46.8, 43.9], // lines[2]
        [-23.0, 2.6], // lines[3]
        [-20.7, -5.7], // lines[4]
        [18.7, -7.3], // lines[5]
        [-48.3, -4.5], // lines[6]
        [-11.9, -39.5], // lines[7]
        [-60.3, 11.0], // lines[8]
        [-1.0, 28.6], // lines[9]
        [-20.3, -38.4], // lines[10]
        [14.2, -74.5], // lines[11]
        [102.3, 98.0], // lines[12]
        [25.4, 20.3], // lines[13]
        [-24.6, -59.9], // lines[14]
        [155.6, 132.2], // lines[15]
        [11.7, 34.3], // lines[16]
        [2.4, 64.5], // lines[17]
        [85.3, 68.9], // lines[18]
        [62.4, 58.2], // lines[19]
        [46.5, 44.3], // lines[20]
        [169.5, 167.5], // lines[21]
        [-2.3, -5.6], // lines[22]
        [16.3, 16.3], // lines[23]
        [234.8, 234.8], // lines[24]
        [94.0, 94.0], // lines[25]
        [23.4, 23.4], // lines[26]
        [8.0, 8.0], // span[0]
        [-58.6, -23.5], // span[1]
        [22.2, 40.9], // span[2]
        [77.1, 53.7], // span[3]
        [86.6, 43.1], // span[4]
        [110.5, 108.1], // span[5]
        [91.2, 126.4], // span[6]
        [157.1, 137.4], // span[7]
        [313.0, 313.0], // span[8]
        [234.8, 234.8], // road_distance_me[0]
        [246.9, 231.0], // road_distance_me[1]
        [127.0, 136.8], // road_distance_me[2]
        [44.6, 62.6], // road_distance_me[3]
        [34.7, 21.8], // road_distance_me[4]
        [-3.7, -22.6], // road_distance_me[5]
        [-34.6, 48.0], // road_distance_me[6]
        [-273.9, -273.9], // road_distance_opp[0]
        [-181.2, -138.0], // road_distance_opp[1]
        [-84.7, -85.7], // road_distance_opp[2]
        [-53.6, -44.2], // road_distance_opp[3]
        [-28.9, -18.9], // road_distance_opp[4]
        [-15.3, 2.1], // road_distance_opp[5]
        [1.6, -14.8], // road_distance_opp[6]
        [163.0, 163.0], // threats_me[0]
        [326.0, 326.0], // threats_me[1]
        [-163.0, -163.0], // threats_opp[0]
        [-652.1, -652.1], // threats_opp[1]
        [-64.1, 57.6], // cap_mobility
        [-13.1, -56.9], // adjacent
        [7.2, -37.5], // liberties
        [-2.1, -18.9], // wall_blocks
        [97.9, -24.1], // cap_attacks
        [78.2, 140.8], // tempo
        [30.8, 55.6], // critical_me[0]
        [-24.6, -13.4], // critical_me[1]
        [-20.8, -36.0], // critical_opp[0]
        [23.1, 34.7], // critical_opp[1]
        [-10.5, 6.5], // mobility[0]
        [13.2, -4.4], // mobility[1]
        [8.5, 0.5], // lead_buckets[0]
        [-48.1, -32.6], // lead_buckets[1]
        [-13.0, -32.4], // lead_buckets[2]
        [-15.9, -27.9], // lead_buckets[3]
        [7.0, 34.4], // lead_buckets[4]
        [-10.9, 40.8], // lead_buckets[5]
        [47.3, 27.9], // lead_buckets[6]
        [-13.3, 5.1], // lead_buckets[7]
        [-15.0, -6.6], // lead_buckets[8]
        [16.9, -73.1], // groups
        [-45.0, 13.0], // hard_caps
        [-28.3, 1.5], // stack_pressure[0]
        [29.9, -5.0], // stack_pressure[1]
        [6.9, -40.2], // stack_pressure[2]
        [-18.4, -37.8], // cap_critical_me
        [17.5, 44.1], // cap_critical_opp
    ],
];
