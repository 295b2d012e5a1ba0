#import "PatientWithVisits.h"
#import "Visit.h"

@implementation PatientWithVisits

- (id)init
{
    self = [super init];
    if (self) {
        [self registerClass:[Visit class] forCollectionName:@"visits"];
    }
    return self;
}

@end
