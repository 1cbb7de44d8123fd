// Word lists for names, streets and prose of the generated dataset (fictional brands).

export const BRAND_WORDS = [
  'Silver', 'Golden', 'Evergreen', 'Heritage', 'Harbor', 'Maple', 'Cedar', 'Willow', 'Oak', 'Pine', 'Magnolia',
  'Summit', 'Legacy', 'Meadow', 'River', 'Lake', 'Sunny', 'Bright', 'Grand', 'Pacific', 'Atlantic', 'Liberty',
  'Pioneer', 'Cornerstone', 'Keystone', 'Landmark', 'Providence', 'Serenity', 'Harmony', 'Tranquil', 'Vista',
  'Crest', 'Aspen', 'Birch', 'Juniper', 'Laurel', 'Sterling', 'Beacon', 'Compass', 'Anchor', 'Horizon', 'Prairie',
  'Canyon', 'Sierra', 'Bayview', 'Brook', 'Stone', 'Hearth', 'Haven', 'Arbor', 'Copper', 'Amber', 'Ivy', 'Rose',
  'Lily', 'Orchard', 'Spring', 'Autumn', 'Fairway', 'Highland', 'Lakeshore', 'Northstar', 'Southern', 'Western',
  'Eastern', 'Valley', 'Mountain', 'Coastal', 'Heartland', 'Sage', 'Clover', 'Whitestone', 'Redwood', 'Bluebird',
  'Cardinal', 'Dogwood', 'Elm', 'Hawthorn', 'Sycamore', 'Hickory', 'Chestnut', 'Cypress', 'Sequoia', 'Timber',
];
export const BRAND_SECOND = ['', '', '', '', 'Creek', 'Ridge', 'Pointe', 'Park', 'Glen', 'Hill', 'Wood', 'Field', 'View', 'Gate', 'Bay', 'Trail'];
export const OPERATOR_SUFFIXES = [
  'Senior Living', 'Senior Living', 'Senior Living', 'Senior Communities', 'Retirement Communities', 'Health Care',
  'Senior Care', 'Living', 'Lifestyles', 'Healthcare Group', 'Management', 'Care Centers', 'Health Services',
];
export const SURNAMES = [
  'Anderson', 'Baker', 'Bennett', 'Brooks', 'Campbell', 'Carter', 'Clark', 'Collins', 'Cooper', 'Davis', 'Edwards',
  'Evans', 'Fisher', 'Foster', 'Garcia', 'Gray', 'Green', 'Hall', 'Harris', 'Hayes', 'Hughes', 'Jackson', 'James',
  'Jenkins', 'Johnson', 'Kelly', 'Kim', 'King', 'Lee', 'Lewis', 'Long', 'Lopez', 'Martin', 'Martinez', 'Miller',
  'Mitchell', 'Moore', 'Morgan', 'Murphy', 'Nelson', 'Nguyen', 'Parker', 'Patel', 'Perez', 'Peterson', 'Phillips',
  'Price', 'Reed', 'Richardson', 'Rivera', 'Roberts', 'Robinson', 'Rogers', 'Ross', 'Russell', 'Sanders', 'Scott',
  'Smith', 'Stewart', 'Sullivan', 'Taylor', 'Thomas', 'Thompson', 'Turner', 'Walker', 'Ward', 'Watson', 'White',
  'Williams', 'Wilson', 'Wood', 'Wright', 'Young',
];
export const PLACE_NOUNS = [
  'Gardens', 'Place', 'Manor', 'Village', 'Terrace', 'Court', 'Estates', 'Commons', 'Pointe', 'House', 'Springs',
  'Ridge', 'Creek', 'Meadows', 'Heights', 'Crossing', 'Square', 'Landing', 'Grove', 'Hills', 'Park', 'Lodge',
];
export const FIRST_NAMES = [
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Lisa',
  'Nancy', 'Betty', 'Sandra', 'Margaret', 'Ashley', 'Kimberly', 'Emily', 'Donna', 'Michelle', 'Carol', 'Amanda',
  'Melissa', 'Deborah', 'Stephanie', 'Rebecca', 'Sharon', 'Laura', 'Cynthia', 'Amy', 'Angela', 'Anna', 'Brenda',
  'Pamela', 'Nicole', 'Ruth', 'Katherine', 'Christine', 'Debra', 'Rachel', 'Carolyn', 'Janet', 'Maria', 'Heather',
  'Diane', 'Julie', 'Joyce', 'Victoria', 'Kelly', 'Christina', 'James', 'Robert', 'John', 'Michael', 'David',
  'William', 'Richard', 'Joseph', 'Thomas', 'Christopher', 'Charles', 'Daniel', 'Matthew', 'Anthony', 'Mark',
  'Donald', 'Steven', 'Paul', 'Andrew', 'Joshua', 'Kenneth', 'Kevin', 'Brian', 'George', 'Timothy', 'Ronald',
  'Edward', 'Jason', 'Jeffrey', 'Ryan', 'Jacob', 'Gary', 'Nicholas', 'Eric', 'Jonathan', 'Stephen', 'Larry',
  'Justin', 'Scott', 'Brandon', 'Gregory', 'Frank', 'Raymond', 'Luis', 'Carlos', 'Rosa', 'Ana', 'Wei', 'Mei',
  'Priya', 'Aisha', 'Omar', 'Tyrone', 'Keisha', 'Hiroshi', 'Yolanda', 'Guadalupe', 'Dolores', 'Gloria',
];
export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Washington', 'Lake', 'Hill', 'Park', 'Church', 'Walnut',
  'Spring', 'Sunset', 'Highland', 'Meadow', 'Ridge', 'River', 'Forest', 'Willow', 'Jefferson', 'Lincoln',
  'Madison', 'Franklin', 'Jackson', 'Center', 'Mill', 'Valley', 'Chestnut', 'Orchard', 'Broad', 'Union',
  'College', 'Prospect', 'Cherry', 'Dogwood', 'Magnolia', 'Heritage', 'Country Club', 'Fairview', 'Grandview',
  'Pleasant', 'Greenbriar', 'Brookside', 'Woodland', 'Lakeview', 'Sycamore', 'Hickory', 'Laurel', 'Summit',
];
export const STREET_TYPES = ['St', 'Ave', 'Rd', 'Dr', 'Blvd', 'Ln', 'Way', 'Pkwy', 'Ct', 'Pl', 'Cir', 'Trl'];
